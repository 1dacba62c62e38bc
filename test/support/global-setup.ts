/**
 * Starts the real local stand-ins once for the integration and security tests, on their own
 * ports (base 4500) and a fresh data folder, so a running `npm start` is not disturbed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { localConfig, type LocalConfig } from '../../lib/local/config';
import { startLocalStack } from '../../lib/local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      url: string;
      env: Record<string, string>;
      cognitoEndpoint: string;
      clientId: string;
      userPoolId: string;
      dataDir: string;
    };
  }
}

/** Starts the stack in a fresh folder, hands its coordinates to the tests, and returns the teardown. */
export async function startTestStack(
  project: TestProject,
  basePort: number,
  prepare?: (config: LocalConfig) => Promise<unknown>,
) {
  // Tests provoke failures on purpose: the handlers stay silent unless LOG_LEVEL asks (README, Tests).
  process.env.LOG_LEVEL ||= 'SILENT';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'directory-test-'));
  const config = localConfig({ basePort, dataDir, verbose: false, faultProxies: true });
  const stack = await startLocalStack(config);
  await prepare?.(config);
  project.provide('stack', {
    url: stack.url,
    env: stack.env,
    cognitoEndpoint: stack.pool.endpoint,
    clientId: stack.pool.clientId,
    userPoolId: stack.pool.userPoolId,
    dataDir,
  });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

export default function setup(project: TestProject) {
  return startTestStack(project, Number(process.env.TEST_PORT ?? 4500));
}
