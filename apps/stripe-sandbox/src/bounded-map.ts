/** A Map that forgets its oldest entries beyond `limit` (the sandbox's state stays bounded). */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(
    private readonly limit: number,
    private readonly onEvict: (key: K, value: V) => void = () => undefined,
  ) {
    super();
  }

  override set(key: K, value: V): this {
    super.set(key, value);
    while (this.size > this.limit) {
      const [oldestKey, oldestValue] = this.entries().next().value as [K, V];
      super.delete(oldestKey);
      this.onEvict(oldestKey, oldestValue);
    }
    return this;
  }

  /** Values newest first (Stripe lists newest first). */
  newestFirst(): V[] {
    return [...this.values()].reverse();
  }
}
