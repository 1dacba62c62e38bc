/** A small deterministic generator (LCG), so the demo and the bench churches look the same on every machine. */
export function seededRandom(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

export const pad2 = (n: number) => String(n).padStart(2, '0');

/** Zip codes of the made-up churches' addresses. */
const ZIPS = ['27601', '27603', '27605', '27607-1234', '27609'];

/** A made-up Raleigh address drawn from `rnd` (a number on one of `streets`, a zip code): the demo's and the benches' families live at one. */
export const sampleAddress = (rnd: () => number, streets: readonly string[]) => ({
  street: `${100 + Math.floor(rnd() * 900)} ${streets[Math.floor(rnd() * streets.length)]!}`,
  city: 'Raleigh',
  state: 'NC',
  zipcode: ZIPS[Math.floor(rnd() * ZIPS.length)]!,
});

/** A day of `month` drawn from `rnd`, as MM/DD (days 1 to 28, in every month): the demo's and the benches' birthdays and anniversaries. */
export const sampleDay = (rnd: () => number, month: number) => `${pad2(month)}/${pad2(1 + Math.floor(rnd() * 28))}`;
