/** Adds a value to the list an index keeps under `key`, oldest first. */
export function appendTo<V>(index: Map<string, V[]>, key: string, value: V): void {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}

/** Removes a value from the list an index keeps under `key`, and the key with its last value. */
export function removeFrom<V>(index: Map<string, V[]>, key: string, value: V): void {
  const rest = (index.get(key) ?? []).filter((item) => item !== value);
  if (rest.length > 0) index.set(key, rest);
  else index.delete(key);
}
