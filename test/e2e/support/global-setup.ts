/**
 * Builds the SPA and starts the whole local product (as `npm start` does, demo church included)
 * on its own ports and data folder for the browser journeys.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { localConfig } from '../../../lib/local/config';
import { seedDemo } from '../../../lib/local/demo';
import { startLocalStack } from '../../../lib/local/stack';
import { buildWeb } from '../../../web/build';
import type {} from '../../support/global-setup';

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'directory-e2e-'));
  await buildWeb();
  const config = localConfig({ basePort: Number(process.env.E2E_PORT ?? 4600), dataDir, verbose: false });
  const stack = await startLocalStack(config);
  await seedDemo(config);
  project.provide('stack', {
    url: stack.url,
    env: stack.env,
    cognitoEndpoint: stack.pool.endpoint,
    clientId: stack.pool.clientId,
    userPoolId: stack.pool.userPoolId,
  });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
