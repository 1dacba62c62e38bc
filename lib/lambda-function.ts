/**
 * One Lambda of ours: its own log group (with a retention), JSON log lines, a role that may write only there, and the bundling of
 * lib/bundling.ts (the options the bench measures). Used by the API handlers (lib/api.ts) and the
 * job tasks (lib/jobs.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ApplicationLogLevel, Architecture, LoggingFormat, Runtime, SystemLogLevel } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { RouteDef } from '../lambdas/routes';
import type { TaskDef } from '../lambdas/tasks/manifest';
import { filesToShip, LAMBDA_ESBUILD, LAMBDA_RUNTIME, nativeInstallEnvironment, type NativeModule } from './bundling';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

// The bench and the local stack read LAMBDA_RUNTIME; what CDK deploys must be the same.
if (Runtime.NODEJS_24_X.name !== LAMBDA_RUNTIME) {
  throw new Error(`lib/bundling.ts says ${LAMBDA_RUNTIME}; lib/lambda-function.ts deploys ${Runtime.NODEJS_24_X.name}`);
}

/** How long a Lambda's log lines are kept. */
export const LAMBDA_LOG_RETENTION = RetentionDays.ONE_MONTH;

export interface LambdaProps {
  /** Handler file, absolute. */
  entry: string;
  description: string;
  roleDescription: string;
  memorySize: number;
  timeout: Duration;
  environment: Record<string, string>;
  commandHooks?: ICommandHooks;
  /** Concurrent executions reserved for it (lib/limits.ts); none when unset. */
  reservedConcurrency?: number;
  /** Installed beside the bundle for the function's platform (lib/bundling.ts), not bundled. */
  nativeModules?: readonly NativeModule[];
}

/** Every function's architecture: Graviton, cheaper per second than x86 at the same speed for this work. */
export const LAMBDA_ARCHITECTURE = Architecture.ARM_64;

export function makeLambda(scope: Construct, id: string, props: LambdaProps): NodejsFunction {
  const logGroup = new LogGroup(scope, `${id}Logs`, {
    retention: LAMBDA_LOG_RETENTION,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  // Our own role: only this function's log group, instead of AWSLambdaBasicExecutionRole's logs:* on *.
  const role = new Role(scope, `${id}Role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: props.roleDescription,
  });
  logGroup.grantWrite(role);
  return new NodejsFunction(scope, id, {
    entry: props.entry,
    handler: 'handler',
    projectRoot: PROJECT_ROOT,
    depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
    runtime: Runtime.NODEJS_24_X,
    architecture: LAMBDA_ARCHITECTURE,
    memorySize: props.memorySize,
    timeout: props.timeout,
    description: props.description,
    role,
    logGroup,
    // JSON lines (Powertools writes ours as JSON, and the platform's START/REPORT become JSON too);
    // the application level reaches the handlers' logger as AWS_LAMBDA_LOG_LEVEL.
    loggingFormat: LoggingFormat.JSON,
    applicationLogLevelV2: ApplicationLogLevel.INFO,
    systemLogLevelV2: SystemLogLevel.INFO,
    environment: props.environment,
    reservedConcurrentExecutions: props.reservedConcurrency,
    bundling: {
      format: OutputFormat.ESM,
      minify: LAMBDA_ESBUILD.minify,
      target: LAMBDA_ESBUILD.target,
      mainFields: LAMBDA_ESBUILD.mainFields,
      banner: LAMBDA_ESBUILD.banner,
      sourceMap: LAMBDA_ESBUILD.sourcemap,
      externalModules: LAMBDA_ESBUILD.external,
      esbuildArgs: Object.fromEntries(
        Object.entries(LAMBDA_ESBUILD.alias).map(([from, to]) => [`--alias:${from}`, to]),
      ),
      // esbuild is installed locally; never fall back to Docker (not available here).
      forceDockerBundling: false,
      ...(props.nativeModules?.length
        ? {
            nodeModules: [...props.nativeModules],
            environment: nativeInstallEnvironment(LAMBDA_ARCHITECTURE === Architecture.ARM_64 ? 'arm64' : 'x64'),
          }
        : {}),
      ...(props.commandHooks ? { commandHooks: props.commandHooks } : {}),
    },
  });
}

/** RouteDef.files (or a job task's) copied into the function's asset next to index.mjs once esbuild is done. */
export function shipFiles(route: RouteDef | TaskDef): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) =>
      filesToShip(route).flatMap(({ from, to }) => {
        const target = path.posix.join(outputDir, to);
        return [`mkdir -p "${path.posix.dirname(target)}"`, `cp "${path.posix.join(inputDir, from)}" "${target}"`];
      }),
  };
}
