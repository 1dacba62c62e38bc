/**
 * The architecture rules of `npm run lint` (.dependency-cruiser.cjs) hold: each one fails on the
 * fixture beside this file, a small tree with one violation of each rule, and the module graph in
 * docs/architecture-graph.md is the one the code draws today.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { architectureGraph, GRAPH_FILE } from '../../bin/architecture-graph';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const FIXTURE = path.join(import.meta.dirname, 'fixture');
const config = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration;

async function violationsIn(baseDir: string): Promise<string[]> {
  const { output } = await cruise(['lambdas', 'web'], {
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    baseDir,
    tsPreCompilationDeps: true,
  });
  return (output as ICruiseResult).summary.violations.map(
    (v) => `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(', ')})` : ''}`,
  );
}

describe('architecture rules', () => {
  it('fails each rule on the fixture, at the import that breaks it and nowhere else', { timeout: 60_000 }, async () => {
    const found = await violationsIn(FIXTURE);
    expect(found.sort()).toEqual(
      [
        'platform-knows-no-product: lambdas/platform/aws/s3.ts -> lambdas/core/errors.ts',
        'core-below-the-capabilities: lambdas/core/entities.ts -> lambdas/photos/sizes.ts',
        'browser-reads-only-the-contract: web/src/lib/api.ts -> lambdas/core/errors.ts',
        'capabilities-below-the-wiring: lambdas/groups/groups.ts -> lambdas/platform/wiring/route.ts',
        'contract-is-shared-with-the-browser: lambdas/contract/api.ts -> lambdas/core/errors.ts',
        'features-below-the-app: web/src/features/families/FamiliesPage.ts -> web/src/app/auth.ts',
        'features-import-no-feature: web/src/features/families/FamiliesPage.ts -> web/src/features/groups/GroupsPage.ts',
        'handlers-call-the-domain: lambdas/http/families/getFamily.ts -> lambdas/directory/repos/families.ts',
        'keys-and-table-in-repositories: lambdas/directory/families.ts -> lambdas/core/repos/keys.ts',
        'migrations-rewrite-their-own-data: lambdas/migrations/backfill.ts -> lambdas/directory/repos/families.ts',
        'no-cycles: lambdas/core/cycleA.ts -> lambdas/core/cycleB.ts (lambdas/core/cycleB.ts, lambdas/core/cycleA.ts)',
        'wiring-calls-no-repository: lambdas/platform/wiring/route.ts -> lambdas/directory/repos/families.ts',
        'wiring-gets-capabilities-handed-in: lambdas/platform/wiring/operatorMfa.ts -> lambdas/accounts/twoStepState.ts',
      ].sort(),
    );
    // Every rule of the configuration is shown failing.
    const shown = new Set(found.map((v) => v.split(':')[0]));
    expect([...shown].sort()).toEqual(config.forbidden!.map((rule) => rule.name).sort());
  });

  it(
    'keeps docs/architecture-graph.md as the code draws it (`npm run graph` writes it)',
    { timeout: 60_000 },
    async () => {
      expect(fs.readFileSync(path.join(ROOT, GRAPH_FILE), 'utf8')).toBe(await architectureGraph(ROOT));
    },
  );
});
