/**
 * Builds the SPA and starts the whole local product (as `npm start` does, demo church included)
 * on its own ports and data folder for the browser journeys.
 */
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../../../lib/local/demo';
import { buildWeb } from '../../../web/buildWeb';
import { startTestStack } from '../../support/global-setup';

export default async function setup(project: TestProject) {
  await buildWeb();
  return startTestStack(project, Number(process.env.E2E_PORT ?? 4600), seedDemo);
}
