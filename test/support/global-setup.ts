/**
 * Starts the real local stand-ins for the integration and security tests, on their own ports
 * (base 4500, `TEST_PORT`) and fresh data folders, so a running `npm start` is not disturbed: one
 * stack per file the project runs at once (test/support/stacks.ts).
 */
import type { TestProject } from 'vitest/node';
import { startStacks, type TestStack } from './stacks';

declare module 'vitest' {
  export interface ProvidedContext {
    stacks: TestStack[];
  }
}

/**
 * Starts the project's stacks, as many as the files it runs at once (the run's workers), hands
 * their coordinates to the test files, and returns the teardown.
 */
export async function startTestStacks(
  project: TestProject,
  basePort: number,
  demo = false,
  photoLinkSeconds: number | null = null,
) {
  const { stacks, stop } = await startStacks(
    Math.max(1, project.globalConfig.maxWorkers),
    basePort,
    demo,
    photoLinkSeconds,
  );
  project.provide('stacks', stacks);
  return stop;
}

/**
 * How long a photo's read link works on the integration stacks (lambdas/photos/photo-links.ts):
 * seconds, not the product's minutes, so a test sees a hidden photo's old link die
 * (test/integration/photo-revocation.test.ts). Long enough that every other test's fetch of a
 * link it was just given finds it alive (each works at least half of it).
 */
export const TEST_PHOTO_LINK_SECONDS = 10;

export default function setup(project: TestProject) {
  return startTestStacks(project, Number(process.env.TEST_PORT ?? 4500), false, TEST_PHOTO_LINK_SECONDS);
}
