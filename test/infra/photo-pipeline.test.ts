/**
 * The photo pipeline in CDK (lib/photo-pipeline.ts, lib/storage.ts): S3 invokes the photo Lambda
 * for uploads only, uploads expire, the Lambda's grants are its work's, the family writers hold no
 * S3 permission, and sharp is installed beside the bundle for Lambda's Linux on arm64.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_SCHEMA } from '../../lambdas/core/repos/keys';
import { UPLOADS_PREFIX } from '../../lambdas/photos/photo-keys';
import { s3Events } from '../../lambdas/events/manifest';
import { makeLambda, PROJECT_ROOT } from '../../lib/lambda-function';
import { RENDITIONS_RUN } from '../../lib/photo-pipeline';
import { cdkContext, resourcesOf, synthDirectory, statementsOfRole, logicalIdOf } from './support';

type Synth = ReturnType<typeof synthDirectory>;
let s: Synth;
let resources: Record<string, any>;
const id = logicalIdOf;

const statementsOf = (roleId: string) => statementsOfRole(resources, roleId);
const actionsOf = (statements: any[]) => statements.flatMap((st) => [st.Action].flat() as string[]);

beforeAll(() => {
  s = synthDirectory();
  resources = s.template.toJSON().Resources;
});

describe('the photo pipeline', () => {
  it('is invoked by the photos bucket for objects created under uploads/ only', () => {
    const fn = s.stack.photoPipeline.functions.get('photoUploaded')!;
    const [notifications] = resourcesOf(s.template, 'Custom::S3BucketNotifications').map(([, r]) => r);
    expect(notifications!.Properties.BucketName).toEqual({ Ref: id(s.stack.storage.photos) });
    expect(notifications!.Properties.NotificationConfiguration.LambdaFunctionConfigurations).toEqual([
      {
        Events: ['s3:ObjectCreated:*'],
        Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: UPLOADS_PREFIX }] } },
        LambdaFunctionArn: { 'Fn::GetAtt': [id(fn), 'Arn'] },
      },
    ]);
    const permissions = resourcesOf(s.template, 'AWS::Lambda::Permission').filter(
      ([, p]) => p.Properties.Principal === 's3.amazonaws.com',
    );
    expect(permissions.map(([, p]) => p.Properties.FunctionName)).toEqual([{ 'Fn::GetAtt': [id(fn), 'Arn'] }]);
  });

  it('runs on arm64 with the memory sharp needs, and may read and delete uploads, write photos and the table, nothing else', () => {
    const fn = s.stack.photoPipeline.functions.get('photoUploaded')!;
    const props = resources[id(fn)].Properties;
    expect(props.Architectures).toEqual(['arm64']);
    expect(props.MemorySize).toBe(s3Events.photoUploaded.memoryMb);
    expect(Object.keys(props.Environment.Variables).sort()).toEqual(['PHOTOS_BUCKET', 'TABLE_NAME']);
    const statements = statementsOf(id(fn.role as never));
    const actions = actionsOf(statements);
    expect(actions).toEqual(expect.arrayContaining(['s3:GetObject*', 's3:DeleteObject*', 's3:PutObject']));
    expect(actions.filter((a) => !/^(s3|dynamodb|logs):/.test(a))).toEqual([]);
    const on = (action: string) =>
      JSON.stringify(statements.filter((st) => [st.Action].flat().includes(action)).map((st) => st.Resource));
    expect(on('s3:DeleteObject*')).toContain(`/${UPLOADS_PREFIX}*`);
    expect(on('s3:DeleteObject*')).not.toContain('/*/photos/*');
    expect(on('s3:PutObject')).toContain('/*/photos/*');
  });

  it('expires whatever upload the pipeline could not handle after a day', () => {
    const rules = resources[id(s.stack.storage.photos)].Properties.LifecycleConfiguration.Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({ Prefix: UPLOADS_PREFIX, ExpirationInDays: 1, Status: 'Enabled' }),
    );
  });

  it('keeps prepared photos a day at most: the table expires items by their expiresAt', () => {
    expect(resources[id(s.stack.data.table)].Properties.TimeToLiveSpecification).toEqual({
      AttributeName: TABLE_SCHEMA.timeToLive,
      Enabled: true,
    });
  });

  it('leaves the family writers without S3: they start the photo clean-up instead', () => {
    for (const operation of ['addFamily', 'updateFamily', 'deleteFamily']) {
      const fn = s.stack.api.functions.get(operation)!;
      const actions = actionsOf(statementsOf(id(fn.role as never)));
      expect(
        actions.filter((a) => a.startsWith('s3:')),
        operation,
      ).toEqual([]);
      // Each starts a job: the photo clean-up, or the lookup of a new address for the member map.
      expect(actions, operation).toContain('states:StartExecution');
    }
    const cleanup = s.stack.jobs.functions.get('photoCleanup.DeletePhotoFunctionArn')!;
    const cleanupActions = actionsOf(statementsOf(id(cleanup.role as never)));
    expect(cleanupActions).toEqual(expect.arrayContaining(['s3:DeleteObject*']));
    expect(cleanupActions).not.toContain('s3:PutObject');
    const backfill = s.stack.jobs.functions.get('photoRenditions.RenditionsPageFunctionArn')!;
    expect(resources[id(backfill)].Properties.Architectures).toEqual(['arm64']);
    expect(actionsOf(statementsOf(id(backfill.role as never)))).toContain('s3:PutObject');
  });
});

describe('the one-off renditions job', () => {
  it('is started once by the deployment, after the pipeline is in place, with the right to start that job only', () => {
    const machine = s.stack.jobs.stateMachines.get('photoRenditions')!;
    const starts = resourcesOf(s.template, 'Custom::AWS').filter(([, r]) =>
      String(JSON.stringify(r.Properties.Update ?? '')).includes('deploy-renditions'),
    );
    expect(starts).toHaveLength(1);
    const [, start] = starts[0]!;
    const update = JSON.stringify(start.Properties.Update);
    expect(update).toContain(`deploy-renditions-${RENDITIONS_RUN}`);
    expect(update).toContain(id(machine));
    expect(start.DependsOn).toEqual(
      expect.arrayContaining([id(machine), id(s.stack.photoPipeline.functions.get('photoUploaded')!)]),
    );
    const policies = resourcesOf(s.template, 'AWS::IAM::Policy').filter(([name]) =>
      name.includes('StartRenditionsJob'),
    );
    expect(policies.flatMap(([, p]) => p.Properties.PolicyDocument.Statement)).toEqual([
      { Action: 'states:StartExecution', Effect: 'Allow', Resource: { Ref: id(machine) } },
    ]);
  });
});

describe('sharp in a Lambda bundle', () => {
  it("is installed beside index.mjs with its linux-arm64 binary, not inlined, whatever the deploying machine's platform", () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-sharp-'));
    // Bundling on for this one small stack (the directory's tests skip it for speed).
    const app = new App({ context: cdkContext(), outdir });
    const stack = new Stack(app, 'SharpBundle');
    makeLambda(stack, 'Photo', {
      entry: path.join(PROJECT_ROOT, 'lambdas', 'events', `${s3Events.photoUploaded.entry}.ts`),
      description: 'bundling test',
      roleDescription: 'bundling test',
      memorySize: 1024,
      timeout: Duration.seconds(10),
      environment: {},
      nativeModules: s3Events.photoUploaded.nativeModules,
    });
    const assembly = app.synth();
    const assets = fs
      .readdirSync(assembly.directory)
      .filter((name) => name.startsWith('asset.'))
      .map((name) => path.join(assembly.directory, name))
      .filter((dir) => fs.existsSync(path.join(dir, 'index.mjs')));
    expect(assets).toHaveLength(1);
    const [asset] = assets as [string];
    const code = fs.readFileSync(path.join(asset, 'index.mjs'), 'utf8');
    expect(code).toMatch(/from\s*"sharp"/);
    expect(code).not.toContain('sharp-linux-x64');
    const img = path.join(asset, 'node_modules', '@img');
    expect(fs.readdirSync(img).sort()).toEqual(['colour', 'sharp-libvips-linux-arm64', 'sharp-linux-arm64']);
    const addon = fs.readdirSync(path.join(img, 'sharp-linux-arm64', 'lib')).find((f) => f.endsWith('.node'))!;
    // An ELF shared object for 64-bit ARM (e_machine 183, AArch64).
    const header = fs.readFileSync(path.join(img, 'sharp-linux-arm64', 'lib', addon)).subarray(0, 20);
    expect(header.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    expect(header.readUInt16LE(18)).toBe(183);
    fs.rmSync(outdir, { recursive: true, force: true });
  }, 180_000);
});
