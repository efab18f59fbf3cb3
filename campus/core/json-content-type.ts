/** `application/json`, with or without parameters such as charset (RFC 8259 11). */
export function isJsonContentType(header: string | undefined): boolean {
  return /^application\/json\s*(?:;|$)/i.test(header ?? "");
}
