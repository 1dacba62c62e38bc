import fs from 'node:fs';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookKey, EXPORTS_PREFIX } from '../../lambdas/book/bookKeys';
import { TABLE_SCHEMA } from '../../lambdas/core/repos/keys';
import { ENV_NAMES } from '../../lambdas/platform/env';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/platform/wiring/origin';
import { jobs } from '../../lambdas/tasks/manifest';
import { routes, type RouteDef } from '../../lambdas/routes';
import { filesToShip, LAMBDA_RUNTIME } from '../../lib/bundling';
import { buildDirectoryApp } from '../../lib/directory-app';
import { CUSTOM_ATTRIBUTES, USER_POOL_SETTINGS } from '../../lib/settings';
import { SPA_REWRITE_CODE } from '../../lib/site';
import { EXPORT_RETENTION_DAYS } from '../../lib/storage';
import { WAF_REDACTED_HEADERS, WAF_REGION, publicWriteRoutes } from '../../lib/waf';
import {
  expectNoOpenFindings,
  expectNoStaleAcknowledgements,
  resourcesOf,
  stubWebDist,
  synthDirectory,
  testApp,
  logicalIdOf,
} from './support';

const manifest = routes as readonly RouteDef[];
type Synth = ReturnType<typeof synthDirectory>;
let s: Synth;
let logicalId: (construct: { node: { defaultChild?: unknown } }) => string;

beforeAll(() => {
  s = synthDirectory(); // default configuration: us-east-1, no super-admin e-mail (parameter), no SES
  logicalId = logicalIdOf;
});

describe('Cognito', () => {
  it('has a user pool with e-mail sign-in (case-insensitive), no self sign-up and the custom attributes', () => {
    const [[, pool]] = resourcesOf(s.template, 'AWS::Cognito::UserPool') as [[string, any]];
    expect(resourcesOf(s.template, 'AWS::Cognito::UserPool')).toHaveLength(1);
    expect(pool.Properties.UsernameAttributes).toEqual(['email']);
    expect(pool.Properties.UsernameConfiguration).toEqual({ CaseSensitive: false });
    expect(pool.Properties.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
    expect(pool.Properties.Policies.PasswordPolicy.MinimumLength).toBe(USER_POOL_SETTINGS.passwordMinLength);
    expect(pool.Properties.AccountRecoverySetting.RecoveryMechanisms).toEqual([
      { Name: 'verified_email', Priority: 1 },
    ]);
    expect(pool.Properties.EmailConfiguration).toEqual({ EmailSendingAccount: 'COGNITO_DEFAULT' });
    expect(pool.DeletionPolicy).toBe('Retain');
    // The Lite plan: Essentials would cost a church about three times as much a month (docs/cost.md).
    expect(pool.Properties.UserPoolTier).toBe('LITE');
    for (const name of CUSTOM_ATTRIBUTES) {
      expect(pool.Properties.Schema).toContainEqual(
        expect.objectContaining({ Name: name, AttributeDataType: 'String', Mutable: true }),
      );
    }
  });

  it('lets no app client write any custom:* attribute (WriteAttributes is set explicitly)', () => {
    const clients = resourcesOf(s.template, 'AWS::Cognito::UserPoolClient');
    expect(clients.length).toBeGreaterThan(0);
    for (const [id, client] of clients) {
      const write = client.Properties.WriteAttributes as string[] | undefined;
      expect(write, `${id} must set WriteAttributes (the default allows all)`).toBeDefined();
      expect(
        write!.filter((a) => a.startsWith('custom:')),
        id,
      ).toEqual([]);
      expect([...write!].sort()).toEqual([...USER_POOL_SETTINGS.clientWriteAttributes].sort());
    }
  });

  it('has one web client: no secret, the configured auth flows, custom attributes readable, no OAuth', () => {
    const [[, client]] = resourcesOf(s.template, 'AWS::Cognito::UserPoolClient') as [[string, any]];
    const p = client.Properties;
    expect(p.GenerateSecret).toBe(false);
    expect([...p.ExplicitAuthFlows].sort()).toEqual([...USER_POOL_SETTINGS.authFlows].sort());
    // SRP only: the password never leaves the browser (the local pool alone adds the password flow).
    expect([...p.ExplicitAuthFlows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH']);
    expect(p.PreventUserExistenceErrors).toBe('ENABLED');
    for (const a of CUSTOM_ATTRIBUTES) expect(p.ReadAttributes).toContain(`custom:${a}`);
    expect(p.ReadAttributes).toEqual(expect.arrayContaining(['email', 'email_verified', 'name']));
    expect(p.AllowedOAuthFlows).toBeUndefined();
    expect(p.CallbackURLs).toBeUndefined();
  });

  it('gives ID and access tokens an hour and refresh tokens 30 days, revocable', () => {
    const [[, client]] = resourcesOf(s.template, 'AWS::Cognito::UserPoolClient') as [[string, any]];
    const p = client.Properties;
    expect({ id: p.IdTokenValidity, access: p.AccessTokenValidity, refresh: p.RefreshTokenValidity }).toEqual({
      id: 60,
      access: 60,
      refresh: 43_200,
    });
    expect(p.TokenValidityUnits).toEqual({ IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' });
    expect(p.EnableTokenRevocation).toBe(true);
  });
});

describe('DynamoDB', () => {
  it('is one table made from TABLE_SCHEMA, on demand, with PITR, deletion protection and AWS-managed KMS', () => {
    const tables = resourcesOf(s.template, 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    const [[, table]] = tables as [[string, any]];
    const p = table.Properties;
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
    ]);
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.DeletionProtectionEnabled).toBe(true);
    // AWS_MANAGED: SSE on with the aws/dynamodb KMS key (SSEType defaults to KMS when enabled).
    expect(p.SSESpecification.SSEEnabled).toBe(true);
    expect(p.SSESpecification.SSEType ?? 'KMS').toBe('KMS');
    expect(p.SSESpecification.KMSMasterKeyId).toBeUndefined();
    expect(table.DeletionPolicy).toBe('Retain');
    for (const def of p.AttributeDefinitions) expect(def.AttributeType).toBe('S');

    const expected = TABLE_SCHEMA.indexes.map((i) => ({
      IndexName: i.name,
      KeySchema: [
        { AttributeName: i.partitionKey, KeyType: 'HASH' },
        { AttributeName: i.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    }));
    expect(p.GlobalSecondaryIndexes).toEqual(expected);
  });
});

describe('S3', () => {
  it('blocks public access, encrypts and denies non-TLS access on every bucket', () => {
    const buckets = resourcesOf(s.template, 'AWS::S3::Bucket');
    expect(buckets).toHaveLength(4); // logs, photos, exports, site
    const policies = resourcesOf(s.template, 'AWS::S3::BucketPolicy');
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration, id).toEqual([
        { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
      ]);
      const policy = policies.find(([, p]) => p.Properties.Bucket?.Ref === id);
      expect(policy, `${id} has a bucket policy`).toBeDefined();
      expect(policy![1].Properties.PolicyDocument.Statement, id).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('logs access of the data buckets into the log bucket', () => {
    const logsId = logicalId(s.stack.storage.logs);
    for (const bucket of [s.stack.storage.photos, s.stack.storage.exports, s.stack.storage.site]) {
      const resource = s.template.toJSON().Resources[logicalId(bucket)];
      expect(resource.Properties.LoggingConfiguration.DestinationBucketName).toEqual({ Ref: logsId });
    }
  });

  it('expires exports after a few days, but never the church’s printed book', () => {
    const exportsBucket = s.template.toJSON().Resources[logicalId(s.stack.storage.exports)];
    const rules: { Prefix?: string; ExpirationInDays?: number; Status: string }[] =
      exportsBucket.Properties.LifecycleConfiguration.Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({ Prefix: EXPORTS_PREFIX, ExpirationInDays: EXPORT_RETENTION_DAYS, Status: 'Enabled' }),
    );
    // A rule without a prefix (or one that books' keys start with) would remove the book the app still offers.
    const expiring = rules.filter((rule) => rule.ExpirationInDays !== undefined);
    expect(expiring.length).toBeGreaterThan(0);
    for (const rule of expiring) {
      expect(rule.Prefix).toBeTruthy();
      expect(bookKey('org-1', 'job-1').startsWith(rule.Prefix!)).toBe(false);
    }
  });

  it('answers CORS for browser uploads and reads of photos from the site origin only', () => {
    const photos = s.template.toJSON().Resources[logicalId(s.stack.storage.photos)];
    const [rule] = photos.Properties.CorsConfiguration.CorsRules;
    expect(rule.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'PUT', 'POST']));
    expect(rule.AllowedOrigins).toEqual([
      { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(s.stack.site.distribution), 'DomainName'] }]] },
    ]);
  });
});

describe('HTTP API', () => {
  const routeResources = () => resourcesOf(s.template, 'AWS::ApiGatewayV2::Route');

  it('has exactly one route per manifest entry', () => {
    expect(
      routeResources()
        .map(([, r]) => r.Properties.RouteKey)
        .sort(),
    ).toEqual(manifest.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('puts the JWT authorizer on every route that is not public, and none on public ones', () => {
    const [[authorizerId, authorizer]] = resourcesOf(s.template, 'AWS::ApiGatewayV2::Authorizer') as [[string, any]];
    for (const route of manifest) {
      const found = routeResources().find(([, r]) => r.Properties.RouteKey === `${route.method} ${route.path}`);
      expect(found, route.operation).toBeDefined();
      const props = found![1].Properties;
      if (route.access === 'public') {
        expect(props.AuthorizationType, route.operation).toBe('NONE');
        expect(props.AuthorizerId, route.operation).toBeUndefined();
      } else {
        expect(props.AuthorizationType, route.operation).toBe('JWT');
        expect(props.AuthorizerId, route.operation).toEqual({ Ref: authorizerId });
      }
    }
    expect(authorizer.Properties.AuthorizerType).toBe('JWT');
    expect(authorizer.Properties.IdentitySource).toEqual(['$request.header.Authorization']);
    expect(authorizer.Properties.JwtConfiguration).toEqual({
      Audience: [{ Ref: logicalId(s.stack.auth.userPoolClient) }],
      Issuer: {
        'Fn::Join': [
          '',
          ['https://cognito-idp.us-east-1.', { Ref: 'AWS::URLSuffix' }, '/', { Ref: logicalId(s.stack.auth.userPool) }],
        ],
      },
    });
  });

  it("sends each route to its own operation's Lambda", () => {
    const resources = s.template.toJSON().Resources;
    for (const route of manifest) {
      const [, r] = routeResources().find(([, x]) => x.Properties.RouteKey === `${route.method} ${route.path}`)!;
      const integrationId = r.Properties.Target['Fn::Join'][1][1].Ref as string;
      const fnId = logicalId(s.stack.api.functions.get(route.operation)!);
      expect(resources[integrationId].Properties.IntegrationUri, route.operation).toEqual({
        'Fn::GetAtt': [fnId, 'Arn'],
      });
    }
  });

  it('has one Node 20 arm64 Lambda per route, 512 MB (or the route’s memoryMb), 29 s, with every handler environment variable', () => {
    const resources = s.template.toJSON().Resources;
    const ours = new Set([...s.stack.api.functions.values()].map(logicalId));
    expect(ours.size).toBe(manifest.length);
    for (const route of manifest) {
      const fn = s.stack.api.functions.get(route.operation);
      expect(fn, route.operation).toBeDefined();
      const p = resources[logicalId(fn!)].Properties;
      expect(p.Runtime).toBe(LAMBDA_RUNTIME);
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.MemorySize, route.operation).toBe((route as RouteDef).memoryMb ?? 512);
      expect(p.Timeout).toBe(29);
      expect(p.Handler).toBe('index.handler');
      expect(p.LoggingConfig.LogGroup).toBeDefined();
      // MAIL_FROM only exists when an SES sender is configured (regions.test.ts).
      expect(Object.keys(p.Environment.Variables).sort()).toEqual(ENV_NAMES.filter((n) => n !== 'MAIL_FROM').sort());
      expect(p.Environment.Variables.SUPER_ADMIN_EMAIL).toEqual({ Ref: 'SuperAdminEmail' });
    }
    s.template.hasParameter('SuperAdminEmail', { Type: 'String', Default: Match.absent() });
  });

  it('ships the PDF fonts and HarfBuzz next to the book job’s Render bundle and the study handout’s, as files, and next to no other route’s', () => {
    const files = filesToShip(jobs.directoryBook.tasks.RenderFunctionArn);
    const handout = routes.find((r) => r.operation === 'printStudyHandout')!;
    expect(filesToShip(handout)).toEqual(files);
    const shipped = files.map((f) => f.to);
    // 15 families of the Noto chain in two weights, and HarfBuzz's shaper and subsetter.
    expect(shipped).toHaveLength(32);
    expect(shipped).toEqual(
      expect.arrayContaining([
        'fonts/NotoSans-Regular.ttf',
        'fonts/NotoSans-Bold.ttf',
        'fonts/NotoSansHebrew-Regular.ttf',
        'fonts/NotoSansArabic-Bold.ttf',
        'fonts/NotoSansSC-Regular.ttf',
        'fonts/NotoEmoji-Bold.ttf',
        'harfbuzz.wasm',
        'harfbuzz-subset.wasm',
      ]),
    );
    for (const { from } of files)
      expect(fs.existsSync(path.join(import.meta.dirname, '..', '..', from)), from).toBe(true);
    const shipsFiles = ['newUser', 'registerOrganization', 'proveAddress', 'printStudyHandout'];
    for (const route of routes.filter((r) => !shipsFiles.includes(r.operation)))
      expect(filesToShip(route), route.operation).toEqual([]);
  });

  it('ships the common-password list beside the bundles of the routes that set a password, and only there', () => {
    for (const operation of ['newUser', 'registerOrganization']) {
      const files = filesToShip(routes.find((r) => r.operation === operation)!);
      expect(files).toEqual([
        { from: 'node_modules/@zxcvbn-ts/language-common/src/passwords.json', to: 'common-passwords.json' },
      ]);
      expect(fs.existsSync(path.join(import.meta.dirname, '..', '..', files[0]!.from))).toBe(true);
    }
  });

  it('grants each function only what its route uses', () => {
    const resources = s.template.toJSON().Resources;
    const tableId = logicalId(s.stack.data.table);
    const poolId = logicalId(s.stack.auth.userPool);
    for (const route of manifest) {
      const fn = s.stack.api.functions.get(route.operation)!;
      const roleId = logicalId(fn.role as never);
      const statements = Object.values(resources as Record<string, any>)
        .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleId))
        .flatMap((r) => r.Properties.PolicyDocument.Statement);
      const actions = statements.flatMap((st: any) => [st.Action].flat());
      const { uses } = route;

      expect(
        actions.some((a: string) => a.startsWith('dynamodb:')),
        route.operation,
      ).toBe(Boolean(uses.table));
      // A route declared to read the table holds no action that writes it.
      expect(
        actions.some((a: string) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)),
        route.operation,
      ).toBe(uses.table === 'readWrite');
      expect(
        actions.some((a: string) => a.startsWith('s3:')),
        route.operation,
      ).toBe(Boolean(uses.photos || uses.exports));
      // And none that writes or deletes an object unless its bucket use says so.
      expect(
        actions.some((a: string) => /^s3:(Put|Abort)/.test(a)),
        route.operation,
      ).toBe([uses.photos, uses.exports].some((use) => use === 'write' || use === 'replace'));
      expect(
        actions.some((a: string) => a.startsWith('s3:DeleteObject')),
        route.operation,
      ).toBe([uses.photos, uses.exports].some((use) => use === 'delete' || use === 'replace'));
      expect(
        actions.some((a: string) => a.startsWith('cognito-idp:')),
        route.operation,
      ).toBe(Boolean(route.userPool?.length));
      if (route.userPool?.length) {
        const cognito = statements.filter((st: any) =>
          [st.Action].flat().some((a: string) => a.startsWith('cognito-idp:')),
        );
        expect(cognito, route.operation).toHaveLength(1);
        expect([cognito[0].Action].flat().sort()).toEqual([...route.userPool].sort());
        expect(cognito[0].Resource).toEqual({ 'Fn::GetAtt': [poolId, 'Arn'] });
      }
      if (uses.table) {
        const tableStatement = statements.find((st: any) => [st.Action].flat().includes('dynamodb:GetItem'));
        expect(tableStatement.Resource).toHaveLength(2);
        expect(tableStatement.Resource).toEqual(
          expect.arrayContaining([
            { 'Fn::GetAtt': [tableId, 'Arn'] },
            { 'Fn::Join': ['', [{ 'Fn::GetAtt': [tableId, 'Arn'] }, '/index/*']] },
          ]),
        );
      }
      expect(
        actions.filter((a: string) => a === '*' || a.endsWith(':*')),
        route.operation,
      ).toEqual([]);
    }
  });

  it('logs access and throttles on the $default stage', () => {
    const [[, stage]] = resourcesOf(s.template, 'AWS::ApiGatewayV2::Stage') as [[string, any]];
    expect(stage.Properties.StageName).toBe('$default');
    expect(stage.Properties.AutoDeploy).toBe(true);
    expect(stage.Properties.AccessLogSettings.DestinationArn).toBeDefined();
    expect(JSON.parse(stage.Properties.AccessLogSettings.Format)).toHaveProperty('requestId', '$context.requestId');
    expect(stage.Properties.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThan(0);
    expect(stage.Properties.DefaultRouteSettings.ThrottlingBurstLimit).toBeGreaterThan(0);
  });
});

describe('CloudFront site', () => {
  const distribution = () =>
    s.template.toJSON().Resources[logicalId(s.stack.site.distribution)].Properties.DistributionConfig;

  it('serves the site bucket through OAC with the SPA rewrite, and no distribution-wide error pages', () => {
    const d = distribution();
    const defaultOrigin = d.Origins.find((o: any) => o.Id === d.DefaultCacheBehavior.TargetOriginId);
    expect(defaultOrigin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    expect(defaultOrigin.OriginAccessControlId).toBeDefined();
    expect(defaultOrigin.DomainName).toEqual({ 'Fn::GetAtt': [logicalId(s.stack.storage.site), 'RegionalDomainName'] });
    expect(d.DefaultCacheBehavior.FunctionAssociations).toEqual([
      expect.objectContaining({ EventType: 'viewer-request' }),
    ]);
    expect(d.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(d.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
    expect(d.CustomErrorResponses).toBeUndefined(); // they would also rewrite API 403/404s
    expect(d.DefaultRootObject).toBe('index.html');
    expect(d.Logging).toBeDefined();
  });

  it('sends /api/* to the HTTP API, uncached, all methods, all viewer headers but Host', () => {
    const d = distribution();
    const api = d.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    expect(api).toBeDefined();
    expect(api.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(api.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    expect([...api.AllowedMethods].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    expect(api.FunctionAssociations).toBeUndefined();
    const origin = d.Origins.find((o: any) => o.Id === api.TargetOriginId);
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(JSON.stringify(origin.DomainName)).toContain(logicalId(s.stack.api.httpApi));
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.us-east-1.');
  });

  it('closes the API around CloudFront: its origin sends the secret every function requires, from Secrets Manager', () => {
    const d = distribution();
    const api = d.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    const origin = d.Origins.find((o: any) => o.Id === api.TargetOriginId);
    const [header] = origin.OriginCustomHeaders;
    expect(header.HeaderName).toBe(ORIGIN_VERIFY_HEADER);
    // A dynamic reference, resolved at deploy time: the value is never in the template.
    const [[secretId]] = resourcesOf(s.template, 'AWS::SecretsManager::Secret') as [[string, any]];
    const reference = JSON.stringify(header.HeaderValue);
    expect(reference).toContain('{{resolve:secretsmanager:');
    expect(reference).toContain(secretId);
    const resources = s.template.toJSON().Resources;
    for (const route of manifest) {
      const fn = resources[logicalId(s.stack.api.functions.get(route.operation)!)];
      expect(JSON.stringify(fn.Properties.Environment.Variables.ORIGIN_VERIFY), route.operation).toBe(reference);
    }
  });

  it('rewrites SPA routes to /index.html but leaves files alone', () => {
    const handler = new Function(`${SPA_REWRITE_CODE}; return handler;`)() as (e: unknown) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/families/abc-123')).toBe('/index.html');
    expect(rewrite('/create-account/org1')).toBe('/index.html');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/assets/main-AB12.js')).toBe('/assets/main-AB12.js');
  });

  it('deploys the SPA and a runtime config.json with the WebConfig fields', () => {
    const configFiles = fs
      .readdirSync(s.assembly.directory)
      .map((d) => path.join(s.assembly.directory, d, 'config.json'))
      .filter((f) => fs.existsSync(f));
    expect(configFiles).toHaveLength(1);
    const config = JSON.parse(fs.readFileSync(configFiles[0]!, 'utf8'));
    expect(Object.keys(config).sort()).toEqual([
      'apiBase',
      'mapStyle',
      'photosOrigin',
      'region',
      'signInFlow',
      'superAdminEmail',
      'userPoolClientId',
      'userPoolId',
    ]);
    expect(config.region).toBe('us-east-1');
    expect(config.signInFlow).toBe('USER_SRP_AUTH');
    expect(config.apiBase).toBe('');

    const deployments = resourcesOf(s.template, 'Custom::CDKBucketDeployment');
    const shell = deployments.find(([, d]) =>
      d.Properties.SourceMarkers?.some((m: object) => Object.keys(m).length > 0),
    );
    expect(shell).toBeDefined();
    expect(shell![1].Properties.SystemMetadata['cache-control']).toBe('no-cache');
    expect(shell![1].Properties.DistributionPaths).toEqual(['/*']);
    const assets = deployments.find(([, d]) => (d.Properties.Include ?? []).includes('assets/*'));
    expect(assets![1].Properties.SystemMetadata['cache-control']).toContain('immutable');
    expect(shell![1].DependsOn).toEqual(expect.arrayContaining([assets![0]]));
    const markers = Object.assign({}, ...shell![1].Properties.SourceMarkers);
    expect(markers[config.userPoolId]).toEqual({ Ref: logicalId(s.stack.auth.userPool) });
    expect(markers[config.userPoolClientId]).toEqual({ Ref: logicalId(s.stack.auth.userPoolClient) });
    // The photos bucket's regional address (resolved at deploy), which the presigned photo URLs use.
    expect(markers[config.photosOrigin.replace(/^https:\/\//, '')]).toEqual({
      'Fn::GetAtt': [logicalId(s.stack.storage.photos), 'RegionalDomainName'],
    });
    // The super-admin screens compare the signed-in e-mail with the stack's SuperAdminEmail parameter.
    expect(markers[config.superAdminEmail]).toEqual({ Ref: 'SuperAdminEmail' });
    for (const [, d] of deployments) {
      expect(d.Properties.DestinationBucketName).toEqual({ Ref: logicalId(s.stack.storage.site) });
    }
  });

  it('refuses to synthesize without an SPA build', () => {
    const app = testApp();
    expect(() => buildDirectoryApp(app, { region: 'us-east-1', webDistPath: '/nonexistent/web/dist' })).toThrow(
      /npm run build/,
    );
  });
});

describe('WAF', () => {
  it('is a CLOUDFRONT web ACL in a us-east-1 stack, attached to the distribution', () => {
    expect(WAF_REGION).toBe('us-east-1');
    expect(Stack.of(s.wafStack.waf.webAcl).region).toBe('us-east-1');
    expect(s.wafStack.region).toBe('us-east-1');
    s.wafTemplate.resourceCountIs('AWS::WAFv2::WebACL', 1);
    s.wafTemplate.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    expect(
      JSON.stringify(
        s.template.toJSON().Resources[logicalId(s.stack.site.distribution)].Properties.DistributionConfig.WebACLId,
      ),
    ).toContain('ChurchDirectoryWaf');
  });

  it('logs every request it sees to its own log group, kept three months, without tokens or cookies', () => {
    const [[, logging]] = resourcesOf(s.wafTemplate, 'AWS::WAFv2::LoggingConfiguration') as [[string, any]];
    expect(logging.Properties.ResourceArn).toEqual({
      'Fn::GetAtt': [s.wafStack.getLogicalId(s.wafStack.waf.webAcl), 'Arn'],
    });
    expect(logging.Properties.RedactedFields).toEqual(
      WAF_REDACTED_HEADERS.map((name) => ({ SingleHeader: { Name: name } })),
    );
    expect(WAF_REDACTED_HEADERS).toEqual(expect.arrayContaining(['authorization', 'cookie']));
    const [[, group]] = resourcesOf(s.wafTemplate, 'AWS::Logs::LogGroup') as [[string, any]];
    expect(group.Properties.LogGroupName).toMatch(/^aws-waf-logs-/);
    expect(group.Properties.RetentionInDays).toBe(90);
    expect(JSON.stringify(logging.Properties.LogDestinationConfigs)).toContain(
      `log-group:${group.Properties.LogGroupName}`,
    );
  });

  it('uses the AWS managed rule groups and a rate limit', () => {
    const [[, acl]] = resourcesOf(s.wafTemplate, 'AWS::WAFv2::WebACL') as [[string, any]];
    const groups = acl.Properties.Rules.map((r: any) => r.Statement.ManagedRuleGroupStatement?.Name).filter(Boolean);
    expect(groups).toEqual(
      expect.arrayContaining([
        'AWSManagedRulesCommonRuleSet',
        'AWSManagedRulesKnownBadInputsRuleSet',
        'AWSManagedRulesAmazonIpReputationList',
      ]),
    );
    const rate = acl.Properties.Rules.find(
      (r: any) => r.Statement.RateBasedStatement && !r.Statement.RateBasedStatement.ScopeDownStatement,
    );
    expect(rate.Action).toEqual({ Block: {} });
    const priorities = acl.Properties.Rules.map((r: any) => r.Priority);
    expect(new Set(priorities).size).toBe(priorities.length);
  });

  it('challenges exactly the public writes of the manifest (method and path prefix)', () => {
    const [[, acl]] = resourcesOf(s.wafTemplate, 'AWS::WAFv2::WebACL') as [[string, any]];
    const challenge = acl.Properties.Rules.find((r: any) => r.Name === 'ChallengePublicWrites');
    const publicWrites = manifest.filter((r) => r.access === 'public' && r.method !== 'GET');
    expect(publicWrites.length).toBeGreaterThan(0);
    expect(publicWriteRoutes()).toEqual(publicWrites);
    expect(challenge.Action).toEqual({ Challenge: {} });

    const ands = challenge.Statement.OrStatement?.Statements ?? [challenge.Statement];
    const matched = ands.map((a: any) => {
      const [method, uri] = a.AndStatement.Statements.map((x: any) => x.ByteMatchStatement);
      expect(method.FieldToMatch).toEqual({ Method: {} });
      expect(method.PositionalConstraint).toBe('EXACTLY');
      expect(uri.FieldToMatch).toEqual({ UriPath: {} });
      expect(uri.PositionalConstraint).toBe('STARTS_WITH');
      return `${method.SearchString} ${uri.SearchString}`;
    });
    // Each public write starts with a match (POST /api/accounts/proof with POST /api/accounts), and each match is one's own.
    const writes = publicWrites.map((r) => `${r.method} ${r.path.split('{')[0]}`);
    for (const write of writes)
      expect(
        matched.some((m: string) => write.startsWith(m)),
        write,
      ).toBe(true);
    for (const m of matched) expect(writes).toContain(m);

    // The same routes are rate-limited more strictly.
    const strict = acl.Properties.Rules.find((r: any) => r.Name === 'PublicWritesRateLimit');
    expect(strict.Statement.RateBasedStatement.ScopeDownStatement).toEqual(challenge.Statement);
  });
});

describe('cdk-nag and template validation', () => {
  it('reports no unacknowledged finding or error, and no warning but that of its missing mail sender', () => {
    // This app has no sesFromEmail (regions.test.ts has one, and no warning at all).
    expectNoOpenFindings(s.app, s.validationReport, ['church-directory:no-mail-sender']);
  });

  it('acknowledges only findings that really occur, each with a reason', () => {
    expectNoStaleAcknowledgements(s.app, s.validationReport);
  });

  it('fails synthesis on an unacknowledged AwsSolutions error (the checks are wired into the app)', () => {
    const app = testApp();
    const { stack } = buildDirectoryApp(app, { region: 'us-east-1', webDistPath: stubWebDist() });
    new Bucket(stack, 'CarelessBucket'); // no access logs, no TLS enforcement
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });
});
