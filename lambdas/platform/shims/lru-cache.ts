/**
 * Bundle-only stand-in for mnemonist's LRUCache (~7 KB with its helpers), which the DynamoDB
 * client loads for endpoint discovery's EndpointCache. Endpoint discovery is off for our clients
 * (DynamoDB does not require it), so the cache stays empty; this keeps the same contract (get,
 * set, has, peek, clear, least recently used entry dropped past capacity) in a Map, whose
 * insertion order gives the recency.
 */
export default class LRUCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key)!;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return this;
  }

  clear(): void {
    this.entries.clear();
  }
}
