/** What the handlers print while `run` runs (at the level their logger was made with): every line, and the JSON ones parsed. */
import { vi } from 'vitest';

export interface Printed {
  text: string;
  json: Record<string, any>[];
}

export async function printedBy(run: () => Promise<unknown>): Promise<Printed> {
  const chunks: string[] = [];
  const capture = (chunk: unknown) => (chunks.push(String(chunk)), true);
  const spies = [vi.spyOn(process.stdout, 'write'), vi.spyOn(process.stderr, 'write')].map((spy) =>
    spy.mockImplementation(capture),
  );
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  const text = chunks.join('');
  const json = text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, any>);
  return { text, json };
}

/** The one line an invocation ends with (platform/wiring/observed.ts). */
export const outcomeLine = (printed: Printed, operation: string) =>
  printed.json.find((line) => line.operation === operation && ['done', 'refused', 'failed'].includes(line.message));
