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
export async function startTestStacks(project: TestProject, basePort: number, demo = false) {
  const { stacks, stop } = await startStacks(Math.max(1, project.globalConfig.maxWorkers), basePort, demo);
  project.provide('stacks', stacks);
  return stop;
}

export default function setup(project: TestProject) {
  return startTestStacks(project, Number(process.env.TEST_PORT ?? 4500));
}
