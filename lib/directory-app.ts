import { CrossStackReferences, ReferenceStrength, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { RouteDef } from '../lambdas/routes';
import type { ThreatProtection } from './auth';
import { DirectoryStack } from './directory-stack';
import { WafStack } from './waf';

export interface DirectoryConfig {
  /** Region of the product (table, pool, API, buckets, CloudFront's origin side). */
  readonly region: string;
  /** Undefined: environment-agnostic account (synth works without credentials). */
  readonly account?: string;
  readonly superAdminEmail?: string;
  readonly sesFromEmail?: string;
  readonly appUrl?: string;
  readonly webDistPath: string;
  /** Where CloudWatch alarms are mailed (context `alarmEmail`). */
  readonly alarmEmail?: string;
  /** Cognito threat protection (context `threatProtection`: audit or enforced); undefined: off. */
  readonly threatProtection?: ThreatProtection;
  /** The route manifest; tests may pass a larger one, production always uses lambdas/routes.ts. */
  readonly routes?: readonly RouteDef[];
}

export const STACK_NAMES = { main: 'ChurchDirectory', waf: 'ChurchDirectoryWaf' } as const;

/**
 * Builds the whole app: the us-east-1 WAF stack, the main stack in `config.region`, and the
 * cdk-nag AwsSolutions checks (run by CDK's validation at synth; unacknowledged errors fail it).
 * bin/app.ts and the infra tests both call this, so the tests check what is deployed.
 */
export function buildDirectoryApp(app: App, config: DirectoryConfig) {
  const wafStack = new WafStack(app, STACK_NAMES.waf, { env: { account: config.account } });
  // Weak (Fn::GetStackOutput): works across regions without custom resources, and never locks the
  // WAF stack with an export.
  CrossStackReferences.of(wafStack.waf.webAcl).produce(ReferenceStrength.WEAK);

  const stack = new DirectoryStack(app, STACK_NAMES.main, {
    env: { account: config.account, region: config.region },
    description: 'Church directory: Cognito, DynamoDB, S3, HTTP API, CloudFront, CloudWatch alarms',
    superAdminEmail: config.superAdminEmail,
    sesFromEmail: config.sesFromEmail,
    appUrl: config.appUrl,
    webAclArn: wafStack.waf.webAcl.attrArn,
    webDistPath: config.webDistPath,
    alarmEmail: config.alarmEmail,
    threatProtection: config.threatProtection,
    routes: config.routes,
  });

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { wafStack, stack };
}
