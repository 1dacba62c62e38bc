/**
 * The CDK app (`cdk synth`, `cdk deploy --all`). Thin: read configuration, build the stacks.
 *
 * Configuration (all optional for synth, which works offline without credentials):
 *  - region: context `region`, else CDK_DEFAULT_REGION (set by the CLI from your profile), else
 *    us-east-1. The web ACL always lives in us-east-1 (stack ChurchDirectoryWaf).
 *  - account: CDK_DEFAULT_ACCOUNT when the CLI has credentials; otherwise environment-agnostic.
 *  - super-admin e-mail: context `superAdminEmail` (cdk deploy -c superAdminEmail=...), else the
 *    SUPER_ADMIN_EMAIL environment variable. When neither is set the template gets a required
 *    `SuperAdminEmail` parameter with no default: synth works, and deploy refuses to run until it is
 *    given (`cdk deploy --all --parameters ChurchDirectory:SuperAdminEmail=you@example.org`; later
 *    deploys reuse the previous value). There is deliberately no placeholder default: a wrong
 *    super-admin address would hand organisation deletion to whoever owns it.
 *  - sesFromEmail: context; a verified SES identity. Set: Cognito and our mails are sent through
 *    SES from it (MAIL_FROM). Unset: Cognito's default sender, no MAIL_FROM, and so no codes to
 *    open accounts (sign-up and registration say so); the synth warns.
 *  - appUrl: context; the public URL if a custom domain fronts CloudFront.
 *  - alarmEmail: context; where the CloudWatch alarms are mailed (an SNS e-mail subscription,
 *    confirmed from the first mail). Unset: the alarm topic has no subscriber.
 *  - threatProtection: context, `audit` or `enforced`; Cognito's threat protection, which moves
 *    the user pool to the Plus plan (a higher price per active user). Unset: off, on Lite.
 *  - The SPA build web/dist: built with `npm run build` when missing. Run `npm run build` yourself
 *    before `cdk deploy` to ship the current web code (an existing web/dist is used as is).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import type { ThreatProtection } from '../lib/auth';
import { buildDirectoryApp } from '../lib/directory-app';

const root = fileURLToPath(new URL('..', import.meta.url));
const app = new App();

const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

const webDistPath = path.join(root, 'web', 'dist');
if (!fs.existsSync(path.join(webDistPath, 'index.html'))) {
  process.stderr.write('web/dist/index.html is missing: running `npm run build` for the SPA...\n');
  // stdout goes to stderr: the CDK CLI keeps the app's stdout for itself.
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
}

function threatProtection(value: string | undefined): ThreatProtection | undefined {
  if (value === undefined || value === 'off') return undefined;
  if (value === 'audit' || value === 'enforced') return value;
  throw new Error(`threatProtection must be audit, enforced or off, not "${value}".`);
}

buildDirectoryApp(app, {
  region: context('region') ?? process.env.CDK_DEFAULT_REGION ?? 'us-east-1',
  account: process.env.CDK_DEFAULT_ACCOUNT,
  superAdminEmail: context('superAdminEmail') ?? (process.env.SUPER_ADMIN_EMAIL?.trim() || undefined),
  sesFromEmail: context('sesFromEmail'),
  appUrl: context('appUrl'),
  alarmEmail: context('alarmEmail'),
  threatProtection: threatProtection(context('threatProtection')),
  webDistPath,
});

app.synth();
