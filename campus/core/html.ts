/** Text inside HTML, an attribute value included: the five characters that could break out are escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON inside a non-executed script element; `<` is escaped so no value can close the element. */
export function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
