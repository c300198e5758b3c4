/** A small least-recently-used map, bounded by a total weight (characters of HTML, or entries). */
export class Lru<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map keeps insertion order: moved to the end, it is the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.weight;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }

  /** Drops every entry whose key passes the test (a superseded version's pages). */
  deleteWhere(test: (key: string) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (!test(key)) continue;
      this.entries.delete(key);
      this.total -= entry.weight;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
