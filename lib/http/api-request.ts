/**
 * What the API's rules and routes read of a request. An App Router route gets a NextRequest,
 * which is one; the Pages route (lib/http/node-route.ts) gets a lighter one read straight from
 * Node's request, without the web Request, Headers and URL a NextRequest builds.
 */
export type ApiRequest = {
  readonly method: string;
  /** Absolute; only its path and query are read. */
  readonly url: string;
  readonly headers: HeaderReader;
  readonly cookies: CookieReader;
  readonly body: ReadableStream<Uint8Array> | null;
};

/** The request headers a rule reads: a web Headers is one. */
export type HeaderReader = Pick<Headers, "get" | "has">;

/** The request cookies a route reads: a NextRequest's `cookies` is one. */
export type CookieReader = {
  get(name: string): { value: string } | undefined;
  getAll(): { name: string; value: string }[];
};
