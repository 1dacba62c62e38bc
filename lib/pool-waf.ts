/**
 * A regional web ACL on the user pool. The app's sign-in, code and reset requests go from the
 * browser straight to Cognito's own endpoint, never through CloudFront and its web ACL (waf.ts),
 * so the pool gets rate rules of its own: a rate per IP for every request, a tighter one for the
 * requests that mail a code (a reset or a new confirmation code: anyone may ask one for any
 * address), and AWS's list of addresses known for bad traffic.
 */
import { Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { byteMatch, logRequests, managedRule, visibility } from './waf';

/** Requests to the user pool per client IP per 5 minutes (sign-ins, refreshes, code checks). */
export const POOL_RATE_PER_IP = 300;
/** Requests that mail a code, per client IP per 5 minutes. */
export const POOL_CODE_MAILS_PER_IP = 10;
/** The Cognito operations that mail a code to an address the caller names. */
export const CODE_MAILING_OPERATIONS = ['ForgotPassword', 'ResendConfirmationCode', 'GetUserAttributeVerificationCode'];

export class PoolWaf extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: { userPool: IUserPool }) {
    super(scope, id);
    const codeMailing: CfnWebACL.StatementProperty = {
      orStatement: {
        statements: CODE_MAILING_OPERATIONS.map((operation) =>
          byteMatch(
            { singleHeader: { Name: 'x-amz-target' } },
            `AWSCognitoIdentityProviderService.${operation}`,
            'EXACTLY',
          ),
        ),
      },
    };
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      description: 'Church directory - Cognito user pool',
      rules: [
        managedRule(0, 'AWSManagedRulesAmazonIpReputationList'),
        {
          name: 'PoolRateLimitPerIp',
          priority: 1,
          action: { block: {} },
          statement: {
            rateBasedStatement: { limit: POOL_RATE_PER_IP, aggregateKeyType: 'IP', evaluationWindowSec: 300 },
          },
          visibilityConfig: visibility('PoolRateLimitPerIp'),
        },
        {
          name: 'CodeMailsPerIp',
          priority: 2,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: POOL_CODE_MAILS_PER_IP,
              aggregateKeyType: 'IP',
              evaluationWindowSec: 300,
              scopeDownStatement: codeMailing,
            },
          },
          visibilityConfig: visibility('CodeMailsPerIp'),
        },
      ],
      visibilityConfig: visibility('ChurchDirectoryPoolWebAcl'),
    });
    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPool.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
    logRequests(this, this.webAcl, `aws-waf-logs-${Stack.of(this).stackName}-pool`);
  }
}
