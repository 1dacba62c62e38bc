/**
 * `npm start`: the whole product on this machine, no AWS account needed. Builds the SPA, starts
 * the local stand-ins and the gateway, seeds the demo church on first start, and prints the one
 * URL to open. Ctrl-C stops everything it started; data stays in .local/ for the next start.
 */
import '../lib/local/quiet-sdk';
import { buildWeb } from '../web/buildWeb';
import { localConfig } from '../lib/local/config';
import { DEMO_ACCOUNTS, DEMO_CHURCH, demoSuperAdmin, seedDemo } from '../lib/local/demo';
import { readOperatorTotpKey } from '../lib/local/operator-totp';
import { startLocalStack, type LocalStack } from '../lib/local/stack';
import { startExecution } from '../lambdas/platform/aws/sfn';

const config = localConfig();
console.log('Building the web app…');
await buildWeb();
console.log('Starting DynamoDB, S3, Cognito and the gateway…');
let running: LocalStack;
try {
  running = await startLocalStack(config);
  if (await seedDemo(config)) console.log(`Created the demo church "${DEMO_CHURCH}".`);
  // The one-off jobs a deployment starts: renditions for photos stored before there were any, and
  // the map's lookups of addresses saved before it (the demo church's, or a data folder from an
  // earlier version); each finds nothing to do once done.
  for (const job of ['PHOTO_RENDITIONS_STATE_MACHINE_ARN', 'FAMILY_LOCATIONS_STATE_MACHINE_ARN'])
    await startExecution(running.env[job]!, `start-${Date.now()}`, {});
} catch (error) {
  console.error(`\nCould not start: ${(error as Error).message}`);
  process.exit(1);
}

const operator = demoSuperAdmin(config);
console.log(`
  Church directory is running:  ${running.url}
  Local mailbox (codes, mails):  ${running.url}/_local/mailbox
  Data folder:                   ${config.dataDir}

  Demo accounts (${DEMO_CHURCH}):
    administrator   ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}
    member          ${DEMO_ACCOUNTS.member.email} / ${DEMO_ACCOUNTS.member.password}
    super-admin     ${operator.email} / ${operator.password}
                    + a code: \`npm run demo:code\`, or add the key ${readOperatorTotpKey(config.dataDir) ?? '(none: turn it on in My Profile)'}
                    to an authenticator app

  Press Ctrl-C to stop.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    void running.stop().then(() => process.exit(0));
  });
}
