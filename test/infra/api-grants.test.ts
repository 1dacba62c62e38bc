/**
 * The manifest will grow (photos, exports, mail, jobs, more public routes). This builds the API
 * with probe routes that use every `uses` value, so the grants and acknowledgements for them are
 * tested before a real route needs them.
 */
import { Stack } from 'aws-cdk-lib';
import path from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '../../lambdas/routes';
import { Api } from '../../lib/api';
import { Auth } from '../../lib/auth';
import { Data } from '../../lib/data';
import { jobs as jobManifest, type TaskDef } from '../../lambdas/tasks/manifest';
import { Jobs } from '../../lib/jobs';
import { PROJECT_ROOT } from '../../lib/lambda-function';
import { Storage } from '../../lib/storage';
import { publicWritesStatement } from '../../lib/waf';
import { GRANTED_ONE_BY_ONE, sdkActionsByEntry } from './sdk-calls';
import { expectNoOpenFindings, expectNoStaleAcknowledgements, testApp, withNestedStacks } from './support';

// Existing handler file: bundling is skipped, but NodejsFunction checks that the entry exists.
const ENTRY = 'session/getMe';
const probes: RouteDef[] = [
  {
    operation: 'photoProbe',
    method: 'POST',
    path: '/api/probe/photos',
    access: 'admin',
    area: 'admin',
    entry: ENTRY,
    uses: { table: 'readWrite', photos: 'write' },
  },
  {
    operation: 'exportProbe',
    method: 'GET',
    path: '/api/probe/exports',
    access: 'admin',
    area: 'admin',
    entry: ENTRY,
    uses: { exports: 'read' },
  },
  {
    operation: 'bothBucketsProbe',
    method: 'PUT',
    path: '/api/probe/both',
    access: 'familyUser',
    area: 'admin',
    entry: ENTRY,
    uses: { photos: 'delete', exports: 'write' },
    userPool: ['cognito-idp:AdminUpdateUserAttributes'],
  },
  {
    operation: 'mailProbe',
    method: 'POST',
    path: '/api/probe/mail',
    access: 'superAdmin',
    area: 'admin',
    entry: ENTRY,
    uses: { mail: true },
    jobs: ['states:StartExecution', 'states:DescribeExecution'],
  },
  {
    operation: 'signupProbe',
    method: 'POST',
    path: '/api/probe/signups/{orgId}',
    access: 'public',
    area: 'admin',
    entry: ENTRY,
    uses: { table: 'read' },
  },
];
const MAIL_FROM = 'directory@example.org';

let stack: Stack;
let api: Api;
let storage: Storage;
let jobs: Jobs;
let template: Template;

const statementsOfFunction = (fn: NodejsFunction): any[] => {
  const roleId = Stack.of(fn).getLogicalId(fn.role!.node.defaultChild as never);
  return Object.values(template.toJSON().Resources as Record<string, any>)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement);
};
const statementsOf = (operation: string): any[] => statementsOfFunction(api.functions.get(operation)!);
const actionsOf = (operation: string): string[] => statementsOf(operation).flatMap((st) => [st.Action].flat());
const bucketArn = (bucket: Storage['photos']) => ({
  'Fn::GetAtt': [stack.getLogicalId(bucket.node.defaultChild as never), 'Arn'],
});

beforeAll(() => {
  const app = testApp();
  stack = new Stack(app, 'GrantsProbe', { env: { region: 'us-east-1' } });
  const auth = new Auth(stack, 'Auth', { sesFromEmail: MAIL_FROM });
  const data = new Data(stack, 'Data');
  storage = new Storage(stack, 'Storage');
  jobs = new Jobs(stack, 'Jobs', {
    table: data.table,
    userPool: auth.userPool,
    photos: storage.photos,
    exports: storage.exports,
    superAdminEmail: 'overseer@example.org',
    mailFrom: MAIL_FROM,
  });
  api = new Api(stack, 'Api', {
    table: data.table,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    photos: storage.photos,
    exports: storage.exports,
    superAdminEmail: 'overseer@example.org',
    mailFrom: MAIL_FROM,
    jobs,
    routes: [...(routes as readonly RouteDef[]), ...probes],
    originVerify: 'origin-secret',
  });
  template = withNestedStacks(stack);
});

describe('grants from route.uses', () => {
  it('photos: object read/write on the photos bucket only', () => {
    const s3 = statementsOf('photoProbe').filter((st) => [st.Action].flat().some((a: string) => a.startsWith('s3:')));
    const resources = JSON.stringify(s3.map((st) => st.Resource));
    expect(resources).toContain(JSON.stringify(bucketArn(storage.photos)));
    expect(resources).not.toContain(JSON.stringify(bucketArn(storage.exports)));
    expect(actionsOf('photoProbe')).toEqual(expect.arrayContaining(['s3:PutObject', 's3:GetObject*']));
    // write: PUT beside read, never delete.
    expect(actionsOf('photoProbe').some((a) => a.startsWith('s3:DeleteObject'))).toBe(false);
    expect(actionsOf('photoProbe').some((a) => a.startsWith('cognito-idp:'))).toBe(false);
  });

  it('exports: object read/write on the exports bucket only, nothing else', () => {
    const resources = JSON.stringify(statementsOf('exportProbe').map((st) => st.Resource));
    expect(resources).toContain(JSON.stringify(bucketArn(storage.exports)));
    expect(resources).not.toContain(JSON.stringify(bucketArn(storage.photos)));
    expect(actionsOf('exportProbe').some((a) => a.startsWith('dynamodb:'))).toBe(false);
    // read: nothing that changes an object.
    expect(actionsOf('exportProbe').filter((a) => /^s3:(Put|Delete|Abort)/.test(a))).toEqual([]);
  });

  it('table read: queries and gets, nothing that writes', () => {
    const actions = actionsOf('signupProbe').filter((a) => a.startsWith('dynamodb:'));
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem']));
    expect(actions.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toEqual([]);
  });

  it('a route using both buckets and the pool gets all three, and nothing on the table', () => {
    const resources = JSON.stringify(statementsOf('bothBucketsProbe').map((st) => st.Resource));
    expect(resources).toContain(JSON.stringify(bucketArn(storage.photos)));
    expect(resources).toContain(JSON.stringify(bucketArn(storage.exports)));
    const actions = actionsOf('bothBucketsProbe');
    expect(actions).toContain('cognito-idp:AdminUpdateUserAttributes');
    expect(actions.some((a) => a.startsWith('dynamodb:'))).toBe(false);
  });

  it('mail: ses:SendEmail from the configured identity only; jobs: start the state machines and describe their executions, nothing else', () => {
    const ses = statementsOf('mailProbe').find((st) => [st.Action].flat().includes('ses:SendEmail'));
    expect(ses).toBeDefined();
    const resources = JSON.stringify(ses.Resource);
    expect(resources).toContain(`:identity/${MAIL_FROM}`);
    expect(resources).toContain(':identity/example.org');
    expect(resources).not.toContain('*');
    const actions = actionsOf('mailProbe');
    expect(actions.filter((a) => a.startsWith('states:')).sort()).toEqual([
      'states:DescribeExecution',
      'states:StartExecution',
    ]);
    const start = statementsOf('mailProbe').find((st) => [st.Action].flat().includes('states:StartExecution'));
    // Any order: CDK sorts a statement's resources.
    const byRef = (refs: { Ref: string }[]) => [...refs].sort((a, b) => a.Ref.localeCompare(b.Ref));
    expect(byRef([start.Resource].flat())).toEqual(
      byRef([...jobs.stateMachines.values()].map((m) => ({ Ref: stack.getLogicalId(m.node.defaultChild as never) }))),
    );
    const describe = JSON.stringify(
      statementsOf('mailProbe').find((st) => [st.Action].flat().includes('states:DescribeExecution')).Resource,
    );
    expect(describe).toContain(':execution:');
    expect(actions.some((a) => a.startsWith('s3:') || a.startsWith('dynamodb:'))).toBe(false);
    // Routes that do not use jobs get nothing of Step Functions.
    expect(actionsOf('photoProbe').some((a) => a.startsWith('states:'))).toBe(false);
  });

  it('public probe route has no authorizer; every other one has the JWT authorizer', () => {
    const routesInTemplate = Object.values(template.toJSON().Resources as Record<string, any>).filter(
      (r) => r.Type === 'AWS::ApiGatewayV2::Route',
    );
    for (const route of [...(routes as readonly RouteDef[]), ...probes]) {
      const r = routesInTemplate.find((x) => x.Properties.RouteKey === `${route.method} ${route.path}`);
      expect(r?.Properties.AuthorizationType, route.operation).toBe(route.access === 'public' ? 'NONE' : 'JWT');
    }
  });

  it('leaves no open cdk-nag finding and no stale acknowledgement', () => {
    expectNoOpenFindings(stack, { pluginReports: [] });
    expectNoStaleAcknowledgements(stack);
  });
});

describe('grants and calls', () => {
  /** Every deployed function (no probes), with its entry file and its role's statements. */
  const deployed = () => [
    ...(routes as readonly RouteDef[]).map((route) => ({
      name: route.operation,
      entry: path.join('lambdas', 'http', `${route.entry}.ts`),
      fn: api.functions.get(route.operation)!,
    })),
    ...Object.entries(jobManifest).flatMap(([job, def]) =>
      Object.entries(def.tasks as Record<string, TaskDef>).map(([variable, task]) => ({
        name: `${job}.${variable}`,
        entry: path.join('lambdas', 'tasks', `${task.entry}.ts`),
        fn: jobs.functions.get(`${job}.${variable}`)!,
      })),
    ),
  ];

  it('each function holds exactly the Cognito, SES, Step Functions and places actions its code calls', async () => {
    const functions = deployed();
    const called = await sdkActionsByEntry(
      PROJECT_ROOT,
      functions.map((f) => f.entry),
    );
    for (const { name, entry, fn } of functions) {
      const held = statementsOfFunction(fn)
        .flatMap((st) => [st.Action].flat() as string[])
        .filter((action) => GRANTED_ONE_BY_ONE.some((prefix) => action.startsWith(prefix)));
      expect(called.has(path.normalize(entry)), entry).toBe(true);
      // Held but never called fails as surely as called but not held (which only AWS would refuse).
      expect([...new Set(held)].sort(), name).toEqual(called.get(path.normalize(entry)));
    }
  });
});

describe('WAF public-write matching', () => {
  it('ORs one method+prefix match per public write route, with the literal prefix of templated paths', () => {
    const statement = publicWritesStatement([...(routes as readonly RouteDef[]), ...probes]) as any;
    const ands = statement.orStatement.statements.map((s: any) =>
      s.andStatement.statements.map((b: any) => b.byteMatchStatement.searchString).join(' '),
    );
    expect(ands.sort()).toEqual(['POST /api/accounts', 'POST /api/organizations', 'POST /api/probe/signups/']);
  });

  it('has nothing to match when no route is a public write', () => {
    expect(publicWritesStatement(probes.filter((p) => p.access !== 'public'))).toBeUndefined();
  });
});

describe('the public routes', () => {
  it('hold no Cognito action that changes an account, but proveAddress, which acts only after the mailed code', () => {
    const changing = routes
      .filter((r: RouteDef) => r.access === 'public' && r.operation !== 'proveAddress')
      .flatMap((r: RouteDef) => (r.userPool ?? []).map((action) => `${r.operation}: ${action}`))
      .filter((grant) => !grant.endsWith('cognito-idp:AdminGetUser'));
    expect(changing).toEqual([]);
  });
});
