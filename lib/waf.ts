import { ArnFormat, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { routes, type RouteDef } from '../lambdas/routes';

/** A web ACL for CloudFront can only be created in us-east-1. */
export const WAF_REGION = 'us-east-1';

/** Requests per client IP per 5 minutes, all paths (a church's members often share one IP). */
export const RATE_LIMIT_PER_IP = 2000;
/** Public writes (registration, sign-up) per client IP per 5 minutes. */
export const PUBLIC_WRITE_LIMIT_PER_IP = 20;
/** How long the web ACL's request logs are kept: long enough to look into an attack reported late. */
export const WAF_LOG_RETENTION = RetentionDays.THREE_MONTHS;
/** Headers never written to the WAF's logs: the ID token and the cookies (the WAF token among them). */
export const WAF_REDACTED_HEADERS = ['authorization', 'cookie'];

/** How long a solved challenge is honoured; long enough to fill in the registration form. */
export const CHALLENGE_IMMUNITY_SECONDS = 4 * 60 * 60;

/** The routes anyone may call that change data: from the manifest, never a hand-kept list. */
export const publicWriteRoutes = (manifest: readonly RouteDef[] = routes): RouteDef[] =>
  manifest.filter((r) => r.access === 'public' && r.method !== 'GET');

/** `/api/signups/{orgId}` is matched by its literal prefix `/api/signups/`. */
const literalPrefix = (routePath: string) => {
  const brace = routePath.indexOf('{');
  return brace === -1 ? routePath : routePath.slice(0, brace);
};

export const byteMatch = (
  field: CfnWebACL.FieldToMatchProperty,
  searchString: string,
  positionalConstraint: 'EXACTLY' | 'STARTS_WITH' | 'CONTAINS',
  transformations: string[] = ['NONE'],
): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: field,
    searchString,
    positionalConstraint,
    textTransformations: transformations.map((type, priority) => ({ priority, type })),
  },
});

const anyOf = (statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty => {
  if (statements.length === 1) return statements[0]!;
  return { orStatement: { statements } };
};

/** method AND path prefix, for every public write route. Undefined when there are none. */
export function publicWritesStatement(manifest: readonly RouteDef[] = routes): CfnWebACL.StatementProperty | undefined {
  const writes = publicWriteRoutes(manifest).map((route) => `${route.method} ${literalPrefix(route.path)}`);
  // A path another one's prefix already matches (POST /api/accounts/proof under /api/accounts) adds nothing.
  const needed = [...new Set(writes)].filter((w) => !writes.some((o) => o !== w && w.startsWith(o)));
  const matches = needed.map<CfnWebACL.StatementProperty>((write) => {
    const [method, prefix] = write.split(' ') as [string, string];
    return {
      andStatement: {
        statements: [
          byteMatch({ method: {} }, method, 'EXACTLY'),
          // URL_DECODE first so that /api/%6Frganizations cannot slip past.
          byteMatch({ uriPath: {} }, prefix, 'STARTS_WITH', ['URL_DECODE']),
        ],
      },
    };
  });
  return matches.length === 0 ? undefined : anyOf(matches);
}

export const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

export const managedRule = (priority: number, name: string): CfnWebACL.RuleProperty => ({
  name: `Aws-${name}`,
  priority,
  overrideAction: { none: {} },
  statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
  visibilityConfig: visibility(name),
});

/**
 * The web ACL in front of CloudFront (site and API alike): AWS managed rules, a rate limit per
 * IP, and for the public writes a stricter rate limit plus a CHALLENGE (an invisible
 * bot-protection challenge).
 *
 * A challenge can only be solved by a browser loading HTML, and a fetch() POST cannot do that.
 * So page loads (GET, Accept: text/html, outside /api) are challenged too: the browser solves it
 * silently on the first page, gets the aws-waf-token cookie, and its later same-origin POSTs to
 * the public routes carry a valid token. The SPA may instead use the AWS WAF JavaScript
 * integration SDK to fetch a token explicitly.
 */
export class EdgeWaf extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    const rules: CfnWebACL.RuleProperty[] = [
      managedRule(0, 'AWSManagedRulesAmazonIpReputationList'),
      {
        name: 'RateLimitPerIp',
        priority: 1,
        action: { block: {} },
        statement: {
          rateBasedStatement: { limit: RATE_LIMIT_PER_IP, aggregateKeyType: 'IP', evaluationWindowSec: 300 },
        },
        visibilityConfig: visibility('RateLimitPerIp'),
      },
    ];

    const publicWrites = publicWritesStatement();
    if (publicWrites) {
      rules.push(
        {
          name: 'PublicWritesRateLimit',
          priority: 2,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: PUBLIC_WRITE_LIMIT_PER_IP,
              aggregateKeyType: 'IP',
              evaluationWindowSec: 300,
              scopeDownStatement: publicWrites,
            },
          },
          visibilityConfig: visibility('PublicWritesRateLimit'),
        },
        {
          name: 'ChallengePublicWrites',
          priority: 3,
          action: { challenge: {} },
          statement: publicWrites,
          visibilityConfig: visibility('ChallengePublicWrites'),
        },
      );
    }

    rules.push(
      {
        name: 'ChallengePageLoads',
        priority: 4,
        action: { challenge: {} },
        statement: {
          andStatement: {
            statements: [
              byteMatch({ method: {} }, 'GET', 'EXACTLY'),
              byteMatch({ singleHeader: { Name: 'accept' } }, 'text/html', 'CONTAINS', ['LOWERCASE']),
              {
                notStatement: {
                  statement: byteMatch({ uriPath: {} }, '/api/', 'STARTS_WITH', ['URL_DECODE']),
                },
              },
            ],
          },
        },
        visibilityConfig: visibility('ChallengePageLoads'),
      },
      managedRule(5, 'AWSManagedRulesCommonRuleSet'),
      managedRule(6, 'AWSManagedRulesKnownBadInputsRuleSet'),
    );

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Church directory - CloudFront site and API',
      challengeConfig: { immunityTimeProperty: { immunityTime: CHALLENGE_IMMUNITY_SECONDS } },
      rules,
      visibilityConfig: visibility('ChurchDirectoryWebAcl'),
    });

    logRequests(this, this.webAcl, `aws-waf-logs-${Stack.of(this).stackName}`);
  }
}

/**
 * Logs every request a web ACL sees (allowed, blocked, challenged), for an operator looking into
 * an attack, kept WAF_LOG_RETENTION, tokens and cookies redacted. WAF requires the log group's name
 * to start with `aws-waf-logs-` and its ARN without CDK's trailing `:*`.
 */
export function logRequests(scope: Construct, webAcl: CfnWebACL, logName: string) {
  const logs = new LogGroup(scope, 'Logs', {
    logGroupName: logName,
    retention: WAF_LOG_RETENTION,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const logging = new CfnLoggingConfiguration(scope, 'Logging', {
    resourceArn: webAcl.attrArn,
    logDestinationConfigs: [
      Stack.of(scope).formatArn({
        service: 'logs',
        resource: 'log-group',
        resourceName: logName,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    ],
    redactedFields: WAF_REDACTED_HEADERS.map((name) => ({ singleHeader: { Name: name } })),
  });
  logging.node.addDependency(logs);
}

/**
 * A small stack that holds only the web ACL, always in us-east-1, so that the main stack can
 * live in any region. The main stack reads the ACL's ARN with a weak reference
 * (Fn::GetStackOutput): no custom resources, no export lock between the stacks.
 */
export class WafStack extends Stack {
  readonly waf: EdgeWaf;

  constructor(scope: Construct, id: string, props: StackProps & { env: { account?: string } }) {
    super(scope, id, {
      ...props,
      env: { account: props.env.account, region: WAF_REGION },
      description: 'Church directory: CloudFront web ACL (us-east-1)',
    });
    this.waf = new EdgeWaf(this, 'Waf');
  }
}
