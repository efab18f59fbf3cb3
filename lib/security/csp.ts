/*
 * The page's Content-Security-Policy. Pure, so that it is unit tested; proxy.ts calls it per request.
 * Spec 5.7: frame-ancestors must permit the host origins. Spec 4.10: frame-src must permit
 * {campus_origin} for hosted tiles.
 */

export type CspOptions = {
  nonce: string;
  /** CAMPUS_ORIGINS: the host pages that may frame the app, and the origins of hosted tiles. */
  campusOrigins: readonly string[];
  /** React needs eval in development for its debugging stacks, never in production. */
  isDevelopment: boolean;
};

export function buildContentSecurityPolicy({ nonce, campusOrigins, isDevelopment }: CspOptions): string {
  const origins = campusOrigins.join(" ");
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(isDevelopment ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...campusOrigins],
    "connect-src": ["'self'"],
    "frame-src": campusOrigins.length ? [origins] : ["'none'"],
    "frame-ancestors": campusOrigins.length ? [origins] : ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** 16 random bytes, base64: unguessable and fresh for every page response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
