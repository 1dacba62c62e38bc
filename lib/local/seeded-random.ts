/** A small deterministic generator (LCG), so the demo and the bench churches look the same on every machine. */
export function seededRandom(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

export const pad2 = (n: number) => String(n).padStart(2, '0');
