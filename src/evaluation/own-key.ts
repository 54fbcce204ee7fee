/**
 * Sets an own property even for the key '__proto__', which plain assignment would turn into a
 * prototype change. Element ids come from user-edited forms, so any string can be a key.
 */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') {
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    record[key] = value;
  }
}
