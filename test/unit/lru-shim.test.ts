import { describe, expect, it } from 'vitest';
import LRUCache from '../../lambdas/platform/shims/lru-cache';

describe('the LRU cache that stands in for mnemonist’s in the bundles', () => {
  it('keeps the most recently used entries up to its capacity', () => {
    const cache = new LRUCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3); // b goes
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
    expect(cache.peek('a')).toBe(1);
    cache.peek('c'); // peeking does not refresh: a stays older than c... until read
    cache.set('d', 4);
    expect(cache.has('a')).toBe(false);
    cache.clear();
    expect(cache.has('c')).toBe(false);
  });
});
