/** Adds a value to the list an index keeps under `key`, oldest first. */
export function appendTo<V>(index: Map<string, V[]>, key: string, value: V): void {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}
