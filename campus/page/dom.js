// Small DOM helpers shared by the call panel modules.

/** An element with attributes (`data-*`, `class`, …) and children (nodes or text). */
export function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/** A type="button" button with a test ID that runs `onClick`. */
export function button(label, testId, onClick, attributes = {}) {
  const node = element("button", { type: "button", "data-testid": testId, ...attributes }, [label]);
  node.addEventListener("click", onClick);
  return node;
}

/** A <select> of `[value, label]` options with `selected` preselected. */
export function select(testId, options, selected, attributes = {}) {
  const node = element("select", { "data-testid": testId, ...attributes });
  for (const [value, label] of options) node.append(element("option", { value, selected: value === selected }, [label]));
  return node;
}

export const ROLE_OPTIONS = [
  ["", "Automatic"],
  ["speaker", "Speaker"],
  ["audience", "Audience"],
];

/** Recipient options: campus members other than the viewer, optionally with "nobody". */
export function recipientOptions(recipients, { allowNobody }) {
  const options = recipients.map(({ userId, username }) => [userId, `@${username}`]);
  return allowNobody ? [["", "Nobody yet (start alone)"], ...options] : options;
}
