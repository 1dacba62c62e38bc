/** Runs `fn` over `inputs` with at most `limit` running at a time; results in input order. */
export async function mapLimit<T, R>(inputs: readonly T[], limit: number, fn: (input: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(inputs.length);
  let next = 0;
  const lane = async () => {
    while (next < inputs.length) {
      const index = next++;
      results[index] = await fn(inputs[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, lane));
  return results;
}
