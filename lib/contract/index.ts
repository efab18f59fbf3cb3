// The shared contract: schemas only, no server imports, used by the app, its hooks and the local campus.
export * from "./errors";
export * from "./iframe-protocol";
export * from "./limits";
export * from "./member";
export * from "./scopes";
export * from "./token";
export * from "./call";
export * from "./commands";
export * from "./presentations";
export * from "./activities";
