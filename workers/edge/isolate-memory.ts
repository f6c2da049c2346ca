/**
 * Answers kept in this isolate's memory, in front of the Cache API: a request the isolate
 * has answered lately costs no cache read. Each isolate has its own (the Cache API stays
 * the tier they share), bounded in entries, oldest out first. Keys carry the catalog
 * version and build, so a change is a new key; the callers decide how old is too old.
 */
export class IsolateMemory<T> {
  readonly #entries = new Map<string, { value: T; storedAt: number }>();

  constructor(readonly capacity: number) {}

  /** The value kept under `key` and its age in seconds, if any. */
  get(key: string): { value: T; age: number } | undefined {
    const entry = this.#entries.get(key);
    return entry && { value: entry.value, age: (Date.now() - entry.storedAt) / 1000 };
  }

  set(key: string, value: T, storedAt = Date.now()): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, storedAt });
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}
