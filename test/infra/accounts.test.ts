/**
 * The user pool's own defences (lib/auth.ts, lib/pool-waf.ts): a regional web ACL with rate rules
 * in front of Cognito's endpoint, which the browser calls directly, and threat protection as a
 * deploy option that moves the pool to the Plus plan only when it is on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAILING_OPERATIONS, POOL_CODE_MAILS_PER_IP, POOL_RATE_PER_IP } from '../../lib/pool-waf';
import { WAF_LOG_RETENTION, WAF_REDACTED_HEADERS } from '../../lib/waf';
import { resourcesOf, synthDirectory } from './support';

let s: ReturnType<typeof synthDirectory>;
beforeAll(() => {
  s = synthDirectory();
});

const pool = (synth: ReturnType<typeof synthDirectory>) =>
  resourcesOf(synth.template, 'AWS::Cognito::UserPool')[0]![1].Properties;

describe('the user pool', () => {
  it('offers every account a TOTP second step (authenticator app), optional, and never SMS', () => {
    const props = pool(s);
    expect(props.MfaConfiguration).toBe('OPTIONAL');
    expect(props.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(props.SmsConfiguration).toBeUndefined();
  });

  it('has a regional web ACL with a rate per IP and a tighter rate for the requests that mail a code', () => {
    const [[aclId, acl]] = resourcesOf(s.template, 'AWS::WAFv2::WebACL') as [[string, any]];
    expect(acl.Properties.Scope).toBe('REGIONAL');
    const rules = Object.fromEntries(acl.Properties.Rules.map((r: any) => [r.Name, r]));
    expect(rules.PoolRateLimitPerIp.Statement.RateBasedStatement).toMatchObject({
      Limit: POOL_RATE_PER_IP,
      AggregateKeyType: 'IP',
    });
    expect(rules.PoolRateLimitPerIp.Action).toEqual({ Block: {} });
    const codes = rules.CodeMailsPerIp.Statement.RateBasedStatement;
    expect(codes).toMatchObject({ Limit: POOL_CODE_MAILS_PER_IP, AggregateKeyType: 'IP' });
    const targets = codes.ScopeDownStatement.OrStatement.Statements.map(
      (st: any) => st.ByteMatchStatement.SearchString,
    );
    expect(targets.sort()).toEqual(
      CODE_MAILING_OPERATIONS.map((op) => `AWSCognitoIdentityProviderService.${op}`).sort(),
    );
    expect(rules['Aws-AWSManagedRulesAmazonIpReputationList']).toBeDefined();

    // Associated with this pool, and logged with retention, tokens redacted.
    const [[, association]] = resourcesOf(s.template, 'AWS::WAFv2::WebACLAssociation') as [[string, any]];
    const poolId = resourcesOf(s.template, 'AWS::Cognito::UserPool')[0]![0];
    expect(association.Properties.ResourceArn).toEqual({ 'Fn::GetAtt': [poolId, 'Arn'] });
    expect(association.Properties.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    const [[, logging]] = resourcesOf(s.template, 'AWS::WAFv2::LoggingConfiguration') as [[string, any]];
    expect(logging.Properties.ResourceArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    expect(logging.Properties.RedactedFields).toEqual(WAF_REDACTED_HEADERS.map((Name) => ({ SingleHeader: { Name } })));
    const logGroups = resourcesOf(s.template, 'AWS::Logs::LogGroup').filter(([, g]) =>
      String(g.Properties.LogGroupName ?? '').startsWith('aws-waf-logs-'),
    );
    expect(logGroups).toHaveLength(1);
    expect(logGroups[0]![1].Properties.RetentionInDays).toBe(WAF_LOG_RETENTION);
  });

  it('stays on Lite with threat protection off, unless the operator turns it on', () => {
    expect(pool(s).UserPoolTier).toBe('LITE');
    expect(pool(s).UserPoolAddOns).toBeUndefined();
    for (const [option, mode] of [
      ['audit', 'AUDIT'],
      ['enforced', 'ENFORCED'],
    ] as const) {
      const on = synthDirectory({ threatProtection: option });
      expect(pool(on).UserPoolTier, option).toBe('PLUS');
      expect(pool(on).UserPoolAddOns, option).toEqual({ AdvancedSecurityMode: mode });
    }
  });
});
