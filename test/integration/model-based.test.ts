/**
 * Consistency under random use (issue 7): fast-check generates long sequences of API operations
 * (families, members, photos, groups, roles, accounts, privacy choices, and pairs of requests
 * racing on one record), runs them against a fresh church on the local stack and against a plain
 * in-memory model of it (test/support/model/), asserting each answer against the model. After each
 * sequence the API's reads, the table's items and counts, the photos in S3 and the dashboard
 * must agree with the model, and the integrity report must find nothing in the church; then each
 * of several viewers (administrator, members in and out of groups, an unlinked account) must
 * receive from every read exactly what the privacy rule lets it see, and nothing hidden from it.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import type { ListUsersResult } from '../../lambdas/contract/api';
import { call } from '../support/api';
import { createChurch } from '../support/fixtures';
import { superAdminIn } from '../support/jobs';
import { emptyChurch, type ChurchModel, type Real } from '../support/model/church';
import { commandSequences } from '../support/model/commands';
import { expectStatus } from '../support/model/picture';
import { expectNoFindings, expectStoredMatches } from '../support/model/stored';
import { castForViewers, viewerCast } from '../support/model/viewer-cast';
import { expectViewersSeeTheirShare } from '../support/model/viewers';

/**
 * Sized for well under a minute on a loaded 2-core machine. MODEL_RUNS asks for a longer soak;
 * MODEL_SEED (with MODEL_PATH) replays the sequence a failure printed.
 */
const RUNS = Number(process.env.MODEL_RUNS ?? 12);
const REPLAY = process.env.MODEL_SEED ? { seed: Number(process.env.MODEL_SEED), path: process.env.MODEL_PATH } : {};
const MIN_COMMANDS = 50;
const MAX_COMMANDS = 100;

let superToken: string;
/** Commands run by name, and races by outcome, over all sequences: printed at the end. */
const ran = new Map<string, number>();
const outcomes = new Map<string, number>();

beforeAll(async () => {
  // The super-admin gets a church of its own, so its user record is in none of the runs' pictures.
  superToken = (await superAdminIn((await createChurch()).orgId)).token;
});

/** A fresh church, its administrator the only user. */
async function freshChurch(): Promise<{ model: ChurchModel; real: Real }> {
  const church = await createChurch();
  const [admin] = expectStatus(await call<ListUsersResult>('listUsers', { token: church.adminToken }), 200).body.users;
  const model = emptyChurch();
  model.users.set(admin!.userId, {
    userId: admin!.userId,
    email: admin!.email,
    admin: true,
    memberId: null,
    familyId: null,
  });
  return { model, real: { church, adminUserId: admin!.userId, ran, outcomes } };
}

it('keeps the API, the table, S3 and the dashboard in step with the model over random sequences, with no integrity finding', async () => {
  let sequences = 0;
  await fc.assert(
    // The cast fills a church the sequence left thin, and picks the members the viewers' accounts are linked to.
    fc.asyncProperty(commandSequences(MIN_COMMANDS, MAX_COMMANDS), viewerCast, async (commands, cast) => {
      const { model, real } = await freshChurch();
      await fc.asyncModelRun(() => ({ model, real }), commands);
      await castForViewers(model, real, cast);
      await expectStoredMatches(model, real);
      await expectNoFindings(superToken, real.church.orgId);
      await expectViewersSeeTheirShare(model, real, cast.pick);
      sequences += 1;
    }),
    // Each run is a church on the real stack: no shrinking, the failing sequence is printed as it ran.
    { numRuns: RUNS, endOnFailure: true, ...REPLAY },
  );
  const total = [...ran.values()].reduce((a, b) => a + b, 0);
  console.info(
    `model-based: ${sequences} sequences, ${total} commands run`,
    Object.fromEntries([...ran, ...outcomes].sort()),
  );
  // Commands whose check fails at their turn are skipped: still, most of each sequence must have run.
  expect(total).toBeGreaterThanOrEqual((sequences * MIN_COMMANDS) / 2);
}, 900_000);
