/**
 * Race commands: two requests sent together, the second (or the first) held back by a generated
 * lag of up to a few hundred milliseconds, so that over many runs the two meet at every point of
 * each other's reads and writes, not only at the start. The pair of statuses is noted for the
 * test's summary, so a race that never really overlaps shows.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Answer } from '../api';
import type { ChurchModel, Real } from './church';
import { command, type ChurchCommand } from './command';

export type Both = <A, B>(
  first: () => Promise<Answer<A>>,
  second: () => Promise<Answer<B>>,
) => Promise<[Answer<A>, Answer<B>]>;

/** Milliseconds the second request waits (the first, when negative): often none, often about one request's reads, sometimes a whole request. */
const lag = fc.oneof(fc.constant(0), fc.integer({ min: -40, max: 40 }), fc.integer({ min: -250, max: 250 }));

const after = <T>(ms: number, send: () => Promise<T>) =>
  ms > 0 ? new Promise<T>((resolve, reject) => setTimeout(() => send().then(resolve, reject), ms)) : send();

export function race<A>(
  name: string,
  inputs: fc.Arbitrary<A>,
  spec: {
    check?: (m: Readonly<ChurchModel>, input: A) => boolean;
    run: (m: ChurchModel, r: Real, input: A, both: Both) => Promise<void>;
  },
): fc.Arbitrary<ChurchCommand> {
  return command(name, fc.record({ input: inputs, lag }), {
    check: (m, { input }) => spec.check?.(m, input) ?? true,
    run: (m, r, { input, lag: ms }) =>
      spec.run(m, r, input, async (first, second) => {
        const answers = await Promise.all([after(-ms, first), after(ms, second)]);
        const outcome = `${name} ${answers[0].status}/${answers[1].status}`;
        r.outcomes.set(outcome, (r.outcomes.get(outcome) ?? 0) + 1);
        return answers;
      }),
  });
}

/** The pair of statuses is one of those allowed (bodies in the message). */
export function expectOutcome(answers: [Answer<unknown>, Answer<unknown>], allowed: [number, number][]): void {
  const got = answers.map((a) => a.status);
  expect(
    allowed.map((pair) => pair.join()),
    JSON.stringify(answers.map((a) => a.body)),
  ).toContain(got.join());
}

/** One 200 and one 409 aborted: the index of the winner. */
export function oneWinner(answers: [Answer<unknown>, Answer<unknown>]): 0 | 1 {
  expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409]);
  const winner = answers[0].status === 200 ? 0 : 1;
  expect(answers[1 - winner]!.body.error?.code).toBe('aborted');
  return winner;
}
