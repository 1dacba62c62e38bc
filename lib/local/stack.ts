/**
 * Starts the whole product on this machine: DynamoDB, S3, Cognito stand-ins, the mailbox and the
 * gateway that runs the real handlers. Used by `npm start` (bin/local.ts) and by the test setup.
 */
import './quiet-sdk';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_SIGN_IN_FLOW, type WebConfig } from '../settings';
import { startCognito, type LocalPool } from './cognito';
import { gatewayUrl, type LocalConfig } from './config';
import { startDynamo } from './dynamo';
import { runMigrations } from './migrations';
import { FaultProxy } from './fault-proxy';
import { SES_V2_PREFIX, SFN_PREFIX, startGateway } from './gateway';
import { Mailbox } from './mailbox';
import { assertPortFree, stopChildren } from './processes';
import { startS3 } from './s3';
import { startGeoPlaces } from './geo-places';
import { MAP_STYLE_PATH } from './map-style';
import { LocalS3Events } from './s3-events';
import { LocalStepFunctions } from './stepfunctions';
import { jobs, type JobName } from '../../lambdas/tasks/manifest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface LocalStack {
  config: LocalConfig;
  pool: LocalPool;
  url: string;
  mailbox: Mailbox;
  /** The jobs' state machines, run in this process. */
  stepFunctions: LocalStepFunctions;
  /** The Lambdas S3 invokes for new objects (the photo pipeline), run in this process. */
  s3Events: LocalS3Events;
  /** The variables a handler process needs (also set on this process). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startLocalStack(config: LocalConfig): Promise<LocalStack> {
  mkdirSync(config.dataDir, { recursive: true });
  // Fail fast, before starting anything, when the one URL we print cannot be served.
  await assertPortFree(config.ports.gateway, 'the local gateway');
  // The stand-ins want credentials: s3rver accepts only its own fixed pair, the others any.
  Object.assign(process.env, {
    AWS_REGION: config.region,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  try {
    const [dynamoDirect, s3Direct, geo] = await Promise.all([
      startDynamo(config),
      startS3(config),
      startGeoPlaces(config.ports.geoPlaces),
    ]);
    const dynamoProxy = config.faultProxies ? new FaultProxy('dynamodb', dynamoDirect) : null;
    const s3Proxy = config.faultProxies ? new FaultProxy('s3', s3Direct) : null;
    const geoProxy = config.faultProxies ? new FaultProxy('geo-places', geo.endpoint) : null;
    const faults = [dynamoProxy, s3Proxy, geoProxy].filter((proxy) => proxy !== null);
    const dynamoEndpoint = (await dynamoProxy?.start()) ?? dynamoDirect;
    const s3Endpoint = (await s3Proxy?.start()) ?? s3Direct;
    const geoEndpoint = (await geoProxy?.start()) ?? geo.endpoint;
    const url = gatewayUrl(config);
    const pool = await startCognito(config);
    const stepFunctions = new LocalStepFunctions({ region: config.region, verbose: config.verbose });
    const machines = stepFunctions.stateMachineArns();

    // The handlers run in this process and read the same variables a deployed Lambda has; the
    // SDK picks the endpoints up from AWS_ENDPOINT_URL_<SERVICE> by itself.
    const env: Record<string, string> = {
      AWS_REGION: config.region,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
      AWS_ENDPOINT_URL_S3: s3Endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: pool.endpoint,
      // Address lookups for the member map, answered offline (lib/local/geo-places.ts).
      AWS_ENDPOINT_URL_GEO_PLACES: geoEndpoint,
      // Our own mails (invitations) go to the mailbox's SES v2 endpoint on the gateway.
      AWS_ENDPOINT_URL_SESV2: `${url}${SES_V2_PREFIX}`,
      // The jobs' state machines run in this process, behind the gateway (lib/local/stepfunctions.ts).
      AWS_ENDPOINT_URL_SFN: `${url}${SFN_PREFIX}`,
      ...Object.fromEntries(
        Object.entries(jobs).map(([name, job]) => [job.stateMachineEnv, machines[name as JobName]]),
      ),
      TABLE_NAME: config.tableName,
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.clientId,
      SUPER_ADMIN_EMAIL: config.superAdminEmail,
      PHOTOS_BUCKET: config.photosBucket,
      EXPORTS_BUCKET: config.exportsBucket,
      MAIL_FROM: 'directory@directory.local',
      APP_URL: url,
      // What the gateway, playing CloudFront, adds to every API request: a new one each start.
      ORIGIN_VERIFY: randomBytes(24).toString('hex'),
      // The handlers log and measure as in AWS, but a terminal wants quiet: warnings and errors
      // only, and no metric (EMF) lines, unless these are set otherwise (README, Quick start).
      LOG_LEVEL: process.env.LOG_LEVEL || 'WARN',
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED || 'true',
      ...(config.photoLinkSeconds ? { PHOTO_LINK_SECONDS: String(config.photoLinkSeconds) } : {}),
    };
    Object.assign(process.env, env);

    await runMigrations(path.join(root, 'lambdas/migrations'), config.verbose);

    const mailbox = new Mailbox(path.join(config.dataDir, 'mailbox.json'), config.verbose);
    const webConfig: WebConfig = {
      region: config.region,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.clientId,
      userPoolEndpoint: `${url}/cognito`,
      signInFlow: LOCAL_SIGN_IN_FLOW,
      apiBase: '',
      mailboxUrl: `${url}/_local/mailbox`,
      superAdminEmail: config.superAdminEmail,
      photosOrigin: new URL(s3Endpoint).origin,
      // On the gateway itself, whatever host name the browser used for it.
      mapStyle: MAP_STYLE_PATH,
    };
    const s3Events = new LocalS3Events({
      buckets: { photos: config.photosBucket },
      handlersDir: path.join(root, 'lambdas/events'),
    });
    const server: http.Server = await startGateway({
      port: config.ports.gateway,
      pool,
      mailbox,
      webDir: path.join(root, 'web/dist'),
      webConfig,
      handlersDir: path.join(root, 'lambdas/http'),
      verbose: config.verbose,
      stepFunctions,
      s3Events,
      faults,
      originVerify: env.ORIGIN_VERIFY!,
    });
    const schedules = stepFunctions.startSchedules();
    return {
      config,
      pool,
      url,
      mailbox,
      stepFunctions,
      s3Events,
      env,
      stop: async () => {
        schedules.forEach(clearInterval);
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([...faults.map((proxy) => proxy.stop()), geo.stop()]);
        await stopChildren();
      },
    };
  } catch (error) {
    await stopChildren();
    throw error;
  }
}
