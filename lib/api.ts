import path from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogField, AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
  type CfnStage,
  type HttpRoute,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { routes, type RouteDef } from '../lambdas/routes';
import type { EnvName } from '../lambdas/platform/env';
import { makeLambda, PROJECT_ROOT, shipFiles } from './lambda-function';
import type { Jobs } from './jobs';
import { grantData } from './grants';
import { acknowledge } from './nag';
import { loadOf, reservesConcurrency, ROUTE_LIMITS, STAGE_LIMIT } from './limits';

/** Stage-wide limits; WAF rate rules sit in front of these per client IP. */
export const API_THROTTLE = { rateLimit: STAGE_LIMIT.rate, burstLimit: STAGE_LIMIT.burst } as const;

export interface ApiProps {
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  readonly photos: IBucket;
  readonly exports: IBucket;
  readonly superAdminEmail: string;
  /** The SES sender for our own mails; without it routes that use `mail` get no SES permission. */
  readonly mailFrom?: string;
  /** The jobs' state machines (lib/jobs.ts): required once a route `uses` jobs. */
  readonly jobs?: Jobs;
  /** The route manifest; tests may pass a variant, production always uses lambdas/routes.ts. */
  readonly routes?: readonly RouteDef[];
  /** The secret CloudFront sends with every request (lib/origin-secret.ts). */
  readonly originVerify: string;
}

/**
 * The HTTP API, made by iterating the route manifest: one Lambda per operation, the Cognito JWT
 * authorizer on every route that is not `public`, and IAM grants from each route's `uses`.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions = new Map<string, NodejsFunction>();
  readonly routes = new Map<string, HttpRoute>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Church directory API (served under /api through CloudFront)',
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: AccessLogField.contextRequestId(),
            ip: AccessLogField.contextIdentitySourceIp(),
            requestTime: AccessLogField.contextRequestTime(),
            method: AccessLogField.contextHttpMethod(),
            routeKey: '$context.routeKey',
            status: AccessLogField.contextStatus(),
            responseLength: AccessLogField.contextResponseLength(),
            integrationLatency: '$context.integrationLatency',
            authorizerError: '$context.authorizer.error',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    const authorizer = new HttpJwtAuthorizer(
      'CognitoIdToken',
      `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${props.userPool.userPoolId}`,
      {
        // The ID token carries aud = the app client id; it is the token the SPA sends.
        jwtAudience: [props.userPoolClient.userPoolClientId],
        identitySource: ['$request.header.Authorization'],
      },
    );

    const environment: Partial<Record<EnvName, string>> = {
      TABLE_NAME: props.table.tableName,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      SUPER_ADMIN_EMAIL: props.superAdminEmail,
      PHOTOS_BUCKET: props.photos.bucketName,
      EXPORTS_BUCKET: props.exports.bucketName,
      ...(props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}),
      ORIGIN_VERIFY: props.originVerify,
      // The state machines' ARNs (INTEGRITY_REPORT_STATE_MACHINE_ARN, ...), for the routes that start jobs.
      ...(props.jobs?.environment() ?? {}),
      // APP_URL is added by the stack once the CloudFront distribution exists (see setAppUrl).
    };

    const functionsScope = new Construct(this, 'Functions');
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of props.routes ?? routes) {
      const limit = ROUTE_LIMITS[loadOf(route)];
      routeSettings[`${route.method} ${route.path}`] = {
        ThrottlingRateLimit: limit.rate,
        ThrottlingBurstLimit: limit.burst,
      };
      const fn = this.makeFunction(
        functionsScope,
        route,
        environment,
        reservesConcurrency(this) ? limit.reserved : undefined,
      );
      this.grant(fn, route, props);
      this.functions.set(route.operation, fn);

      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.operation}Integration`, fn),
        authorizer: route.access === 'public' ? undefined : authorizer,
      });
      if (!httpRoute) throw new Error(`No route made for ${route.operation}`);
      this.routes.set(route.operation, httpRoute);
      if (route.access === 'public') {
        acknowledge(
          httpRoute,
          `${route.method} ${route.path} is public by design (access 'public' in lambdas/routes.ts: anonymous registration or sign-up). WAF rate-limits and challenges it; the handler validates every field.`,
          'AwsSolutions-APIG4',
        );
      }
    }
    // Each route's own throttle (the L2 stage sets only the default): its key is API Gateway's route key.
    (this.stage.node.defaultChild as CfnStage).addPropertyOverride('RouteSettings', routeSettings);
  }

  /** Every handler learns the site's URL (for links in mails) once CloudFront exists. */
  setAppUrl(url: string): void {
    for (const fn of this.functions.values()) fn.addEnvironment('APP_URL', url);
  }

  private makeFunction(
    scope: Construct,
    route: RouteDef,
    environment: Record<string, string>,
    reservedConcurrency: number | undefined,
  ): NodejsFunction {
    return makeLambda(scope, route.operation, {
      entry: path.join(PROJECT_ROOT, 'lambdas', 'http', `${route.entry}.ts`),
      description: `${route.operation}: ${route.method} ${route.path} (${route.access})`,
      roleDescription: `Lambda role for ${route.operation} (${route.method} ${route.path})`,
      memorySize: route.memoryMb ?? 512,
      // API Gateway gives up at 30 s; answer (or fail) before it does.
      timeout: Duration.seconds(29),
      environment,
      commandHooks: route.files?.length ? shipFiles(route) : undefined,
      reservedConcurrency,
    });
  }

  private grant(fn: NodejsFunction, route: RouteDef, props: ApiProps): void {
    const stack = Stack.of(this);
    grantData(fn, route.uses, props);
    // Without a configured sender (context sesFromEmail) there is no identity to grant on; such a
    // handler must report that mail is not configured rather than send.
    if (route.uses.mail && props.mailFrom) {
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [
            stack.formatArn({ service: 'ses', resource: 'identity', resourceName: props.mailFrom }),
            stack.formatArn({
              service: 'ses',
              resource: 'identity',
              resourceName: props.mailFrom.split('@')[1] ?? props.mailFrom,
            }),
          ],
        }),
      );
    }
    if (route.userPool?.length) {
      fn.addToRolePolicy(
        new PolicyStatement({ actions: [...route.userPool], resources: [props.userPool.userPoolArn] }),
      );
    }
    if (route.jobs?.length) {
      if (!props.jobs) throw new Error(`${route.operation} uses jobs, but the Api was given no Jobs construct`);
      props.jobs.grantJobActions(fn, route.jobs);
      if (route.jobs.includes('states:DescribeExecution')) {
        acknowledge(
          fn.role!,
          "states:DescribeExecution on the executions of our own state machines only (execution ARNs are <machine-arn>:<name>; a job's execution name is chosen when it starts).",
          ...props.jobs.executionArnFindings(),
        );
      }
    }
  }
}
