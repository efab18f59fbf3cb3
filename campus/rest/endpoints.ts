/**
 * The name of each REST route. Fault injection and the request log key on these names;
 * the calls issue adds its routes here (e.g. "calls.status", "calls.attach").
 */
export const REST_ENDPOINTS = ["token", "userinfo"] as const;
export type RestEndpoint = (typeof REST_ENDPOINTS)[number];
