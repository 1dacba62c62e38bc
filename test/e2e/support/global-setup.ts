/**
 * Builds the SPA and starts the whole local product (as `npm start` does, demo church included)
 * on its own ports (base 4600, `E2E_PORT`) and data folders for the browser journeys: one stack
 * per file the project runs at once.
 */
import type { TestProject } from 'vitest/node';
import { buildWeb } from '../../../web/buildWeb';
import { startTestStacks } from '../../support/global-setup';

export default async function setup(project: TestProject) {
  await buildWeb();
  return startTestStacks(project, Number(process.env.E2E_PORT ?? 4600), true);
}
