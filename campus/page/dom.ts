// Small DOM helpers shared by the page's modules.

/** An attribute value: true is present and empty, false, null and undefined leave it out. */
export type AttributeValue = string | number | boolean | null | undefined;
export type Attributes = Record<string, AttributeValue>;
export type Child = Node | string | null | undefined;

/** An element with attributes (`data-*`, `class`, …) and children (nodes or text). */
export function element<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, attributes: Attributes = {}, children: readonly Child[] = []): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/** A type="button" button with a test ID that runs `onClick`. */
export function button(label: string, testId: string, onClick: () => void, attributes: Attributes = {}): HTMLButtonElement {
  const node = element("button", { type: "button", "data-testid": testId, ...attributes }, [label]);
  node.addEventListener("click", onClick);
  return node;
}

/** `[value, label]` */
export type Option = readonly [string, string];

/** A <select> of `[value, label]` options with `selected` preselected. */
export function select(testId: string, options: readonly Option[], selected: string, attributes: Attributes = {}): HTMLSelectElement {
  const node = element("select", { "data-testid": testId, ...attributes });
  for (const [value, label] of options) node.append(element("option", { value, selected: value === selected }, [label]));
  return node;
}

export const ROLE_OPTIONS: readonly Option[] = [
  ["", "Automatic"],
  ["speaker", "Speaker"],
  ["audience", "Audience"],
];

/** Recipient options: campus members other than the viewer, optionally with "nobody". */
export function recipientOptions(recipients: readonly { userId: string; username: string }[], { allowNobody }: { allowNobody: boolean }): Option[] {
  const options = recipients.map(({ userId, username }): Option => [userId, `@${username}`]);
  return allowNobody ? [["", "Nobody yet (start alone)"], ...options] : options;
}

/** The element a selector names in `root`; the page's HTML (render-page.ts) always holds it. */
export function required<Found extends Element = HTMLElement>(root: ParentNode, selector: string): Found {
  const found = root.querySelector<Found>(selector);
  if (!found) throw new Error(`The campus page lacks ${selector}`);
  return found;
}
