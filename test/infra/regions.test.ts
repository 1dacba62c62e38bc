/**
 * The app deployed outside us-east-1, with every optional setting given: the web ACL must still
 * be in us-east-1 (synth cannot tell a wrong region), reached without custom resources.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '../../lambdas/routes';
import { STACK_NAMES } from '../../lib/directory-app';
import {
  expectNoOpenFindings,
  expectNoStaleAcknowledgements,
  resourcesOf,
  synthDirectory,
  logicalIdOf,
} from './support';

const CONFIG = {
  region: 'eu-west-1',
  superAdminEmail: 'overseer@example.org',
  sesFromEmail: 'directory@example.org',
  appUrl: 'https://directory.example.org',
  alarmEmail: 'ops@example.org',
};

let s: ReturnType<typeof synthDirectory>;
let logicalId: (construct: { node: { defaultChild?: unknown } }) => string;

beforeAll(() => {
  s = synthDirectory(CONFIG);
  logicalId = logicalIdOf;
});

describe('outside us-east-1', () => {
  it('keeps the CLOUDFRONT web ACL in us-east-1 and the product in the chosen region', () => {
    expect(s.stack.region).toBe('eu-west-1');
    expect(Stack.of(s.wafStack.waf.webAcl).region).toBe('us-east-1');
    s.wafTemplate.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });
    // The product's stack holds only the user pool's REGIONAL ACL, in the product's region.
    s.template.resourceCountIs('AWS::WAFv2::WebACL', 1);
    s.template.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'REGIONAL' });
  });

  it('attaches the ACL through Fn::GetStackOutput from the us-east-1 stack, without custom resources', () => {
    const distribution = s.template.toJSON().Resources[logicalId(s.stack.site.distribution)];
    const ref = distribution.Properties.DistributionConfig.WebACLId['Fn::GetStackOutput'];
    expect(ref).toMatchObject({ StackName: STACK_NAMES.waf, Region: 'us-east-1' });
    const outputs = s.wafTemplate.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs[ref.OutputName]?.Value).toEqual({
      'Fn::GetAtt': [s.wafStack.getLogicalId(s.wafStack.waf.webAcl), 'Arn'],
    });
    const types = [s.template, s.wafTemplate].flatMap((t) =>
      Object.values(t.toJSON().Resources as Record<string, { Type: string }>).map((r) => r.Type),
    );
    expect(types.filter((t) => /CrossRegion|ExportsWriter|ExportsReader/i.test(t))).toEqual([]);
    expect(s.stack.dependencies).toContain(s.wafStack);
  });

  it('uses the regional Cognito issuer and API endpoint', () => {
    const [[, authorizer]] = resourcesOf(s.template, 'AWS::ApiGatewayV2::Authorizer') as [[string, any]];
    expect(JSON.stringify(authorizer.Properties.JwtConfiguration.Issuer)).toContain('https://cognito-idp.eu-west-1.');
    const d = s.template.toJSON().Resources[logicalId(s.stack.site.distribution)].Properties.DistributionConfig;
    const api = d.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    const origin = d.Origins.find((o: any) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.eu-west-1.');
  });

  it('writes region eu-west-1 into config.json', () => {
    const file = fs
      .readdirSync(s.assembly.directory)
      .map((d) => path.join(s.assembly.directory, d, 'config.json'))
      .find((f) => fs.existsSync(f));
    expect(JSON.parse(fs.readFileSync(file!, 'utf8')).region).toBe('eu-west-1');
  });
});

describe('optional settings', () => {
  it('bakes a configured super-admin e-mail in (no stack parameter)', () => {
    expect(s.template.toJSON().Parameters?.SuperAdminEmail).toBeUndefined();
    for (const fn of s.stack.api.functions.values()) {
      const vars = s.template.toJSON().Resources[logicalId(fn)].Properties.Environment.Variables;
      expect(vars.SUPER_ADMIN_EMAIL).toBe(CONFIG.superAdminEmail);
      expect(vars.MAIL_FROM).toBe(CONFIG.sesFromEmail);
      expect(vars.APP_URL).toBe(CONFIG.appUrl);
    }
  });

  it('sends Cognito mail through SES from the configured sender', () => {
    const [[, pool]] = resourcesOf(s.template, 'AWS::Cognito::UserPool') as [[string, any]];
    expect(pool.Properties.EmailConfiguration).toMatchObject({
      EmailSendingAccount: 'DEVELOPER',
      From: CONFIG.sesFromEmail,
    });
    expect(JSON.stringify(pool.Properties.EmailConfiguration.SourceArn)).toContain(`identity/${CONFIG.sesFromEmail}`);
  });

  it('lets exactly the routes that use mail (invitations) send from the configured sender', () => {
    const resources = s.template.toJSON().Resources as Record<string, any>;
    for (const [operation, fn] of s.stack.api.functions) {
      const roleId = logicalId(fn.role as never);
      const ses = Object.values(resources)
        .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleId))
        .flatMap((r) => r.Properties.PolicyDocument.Statement)
        .filter((st: any) => [st.Action].flat().some((a: string) => a.startsWith('ses:')));
      const usesMail = (routes as readonly RouteDef[]).find((r) => r.operation === operation)!.uses.mail === true;
      expect(ses.length, operation).toBe(usesMail ? 1 : 0);
      if (usesMail) expect(JSON.stringify(ses[0].Resource)).toContain(`identity/${CONFIG.sesFromEmail}`);
    }
    expect(
      ['addMember', 'updateMember'].every(
        (op) => (routes as readonly RouteDef[]).find((r) => r.operation === op)!.uses.mail === true,
      ),
    ).toBe(true);
  });

  it('mails the alarms to the configured address (one e-mail subscription of the alarm topic)', () => {
    s.template.resourceCountIs('AWS::SNS::Subscription', 1);
    s.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: CONFIG.alarmEmail,
      TopicArn: { Ref: logicalId(s.stack.monitoring.topic) },
    });
  });

  it('allows the configured app URL as the photos CORS origin', () => {
    const photos = s.template.toJSON().Resources[logicalId(s.stack.storage.photos)];
    expect(photos.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual([CONFIG.appUrl]);
  });
});

describe('cdk-nag and template validation', () => {
  it('reports no unacknowledged finding, error or warning', () => {
    expectNoOpenFindings(s.app, s.validationReport);
  });

  it('acknowledges only findings that really occur, each with a reason', () => {
    expectNoStaleAcknowledgements(s.app, s.validationReport);
  });
});
