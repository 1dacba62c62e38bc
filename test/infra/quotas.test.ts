/**
 * CloudFormation refuses a template of more than 500 resources or 1 MB (from S3), and one with more
 * than 200 parameters or outputs. Ours keep half of that as room: every template the app synthesizes
 * (each stack's, and each nested stack's) holds at most 300 resources and 600 KB, with the manifest as
 * it is and with fifty routes more, in the five areas the next features bring.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes, type Access, type Area, type Method, type RouteDef } from '../../lambdas/routes';
import { synthDirectory } from './support';

const MAX_RESOURCES = 300;
const MAX_BYTES = 600 * 1024;
const MAX_PARAMETERS_OR_OUTPUTS = 200;

const NEW_AREAS = ['imports', 'audit', 'map', 'studies', 'offline'];
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ACCESS: Access[] = ['member', 'familyUser', 'admin', 'superAdmin', 'signedIn'];

/** Fifty routes as a feature's are: ten an area, every method and access rule, the table and a bucket. */
const fiftyMore: RouteDef[] = Array.from({ length: 50 }, (_, i) => ({
  operation: `futureOperation${i}`,
  method: METHODS[i % METHODS.length]!,
  path: `/api/${NEW_AREAS[i % NEW_AREAS.length]}/things${i}/{thingId}`,
  access: ACCESS[i % ACCESS.length]!,
  // Areas the manifest does not have yet: the type knows only today's.
  area: NEW_AREAS[i % NEW_AREAS.length] as Area,
  // An existing handler file: bundling is skipped, but NodejsFunction checks that the entry exists.
  entry: 'session/getMe',
  uses: { table: 'readWrite', photos: 'read', exports: i % 2 ? 'write' : undefined },
  userPool: i % 3 ? undefined : ['cognito-idp:AdminGetUser'],
}));

interface TemplateFigures {
  file: string;
  resources: number;
  bytes: number;
  parameters: number;
  outputs: number;
}

/** Every template of the assembly, the nested stacks' too (CDK writes them as `*.nested.template.json`). */
function templatesOf(manifest: readonly RouteDef[]): TemplateFigures[] {
  const { assembly } = synthDirectory({ routes: manifest });
  return fs
    .readdirSync(assembly.directory)
    .filter((file) => file.endsWith('.template.json'))
    .map((file) => {
      const text = fs.readFileSync(path.join(assembly.directory, file), 'utf8');
      const template = JSON.parse(text) as Record<string, Record<string, unknown> | undefined>;
      return {
        file,
        resources: Object.keys(template.Resources ?? {}).length,
        bytes: Buffer.byteLength(text),
        parameters: Object.keys(template.Parameters ?? {}).length,
        outputs: Object.keys(template.Outputs ?? {}).length,
      };
    });
}

function expectWithinQuotas(templates: TemplateFigures[]): void {
  for (const t of templates) {
    expect(t.resources, `${t.file}: resources`).toBeLessThanOrEqual(MAX_RESOURCES);
    expect(t.bytes, `${t.file}: bytes`).toBeLessThanOrEqual(MAX_BYTES);
    expect(t.parameters, `${t.file}: parameters`).toBeLessThanOrEqual(MAX_PARAMETERS_OR_OUTPUTS);
    expect(t.outputs, `${t.file}: outputs`).toBeLessThanOrEqual(MAX_PARAMETERS_OR_OUTPUTS);
  }
}

describe('CloudFormation quotas, with room to double', () => {
  it('keeps every template of today’s app within 300 resources and 600 KB, one nested stack per area', () => {
    const templates = templatesOf(routes);
    const areas = new Set(routes.map((route) => route.area));
    expect(templates.filter((t) => t.file.endsWith('.nested.template.json'))).toHaveLength(areas.size);
    expectWithinQuotas(templates);
  });

  it('keeps them there with fifty routes more, in five new areas', () => {
    const templates = templatesOf([...routes, ...fiftyMore]);
    const areas = new Set([...routes, ...fiftyMore].map((route) => route.area));
    expect(templates.filter((t) => t.file.endsWith('.nested.template.json'))).toHaveLength(areas.size);
    expectWithinQuotas(templates);
  });
});
