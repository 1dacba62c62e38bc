/** The local stack's fault proxies (lib/local/fault-proxy.ts), told through the gateway what to do. */
import type { Fault } from '../../lib/local/fault-proxy';
import { stack } from './env';

async function faults(method: 'GET' | 'POST' | 'DELETE', body?: Fault[]): Promise<(Fault & { hits: number })[]> {
  const response = await fetch(`${stack.url}/_local/faults`, { method, body: body ? JSON.stringify(body) : undefined });
  if (response.status !== 200) throw new Error(`/_local/faults answered ${response.status}`);
  return response.json();
}

export const setFaults = (...list: Fault[]) => faults('POST', list);
export const clearFaults = () => faults('DELETE');
/** The faults set and how many requests each has hit. */
export const faultHits = () => faults('GET');

/** Runs `during` with the faults set, and clears them afterwards whatever happens. */
export async function withFaults<T>(list: Fault[], during: () => Promise<T>): Promise<{ result: T; hits: number[] }> {
  await setFaults(...list);
  try {
    const result = await during();
    return { result, hits: (await faultHits()).map((f) => f.hits) };
  } finally {
    await clearFaults();
  }
}
