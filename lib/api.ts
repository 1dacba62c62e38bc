import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogField, AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpStage,
  LogGroupLogDestination,
  type CfnStage,
  type HttpRoute,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { routes, type Area, type RouteDef } from '../lambdas/routes';
import type { EnvName } from '../lambdas/platform/env';
import { ApiArea } from './api-area';
import type { Jobs } from './jobs';
import { loadOf, ROUTE_LIMITS, STAGE_LIMIT } from './limits';

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
 * The HTTP API, made by iterating the route manifest: the API, its stage and the Cognito JWT
 * authorizer here, and each area's routes in a nested stack of its own (lib/api-area.ts): one Lambda
 * per operation, the authorizer on every route that is not `public`, and IAM grants from each
 * route's `uses`.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly areas = new Map<Area, ApiArea>();
  readonly functions = new Map<string, NodejsFunction>();
  readonly routes = new Map<string, HttpRoute>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const stack = Stack.of(this);

    // Not the id 'HttpApi' of the single-stack deployment: a route cannot move into an area stack on
    // the API that still holds it (route keys are unique, and CloudFormation deletes the old route
    // only after it made the new), so a deployment over that one makes this new API and then removes
    // the old. docs/deploy-split.md says what an operator sees.
    this.httpApi = new HttpApi(this, 'Http', {
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

    // Made here, not bound by the first route that uses it: the routes live in the area stacks.
    const jwt = new HttpAuthorizer(this, 'CognitoIdToken', {
      httpApi: this.httpApi,
      type: HttpAuthorizerType.JWT,
      jwtIssuer: `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${props.userPool.userPoolId}`,
      // The ID token carries aud = the app client id; it is the token the SPA sends.
      jwtAudience: [props.userPoolClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });
    const authorizer: IHttpRouteAuthorizer = {
      bind: () => ({ authorizerId: jwt.authorizerId, authorizationType: 'JWT' }),
    };

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

    const all = props.routes ?? routes;
    const areas = [...new Set(all.map((route) => route.area))];
    for (const area of areas) {
      const stackOfArea = new ApiArea(this, `${pascalCase(area)}Routes`, {
        ...props,
        area,
        routes: all.filter((route) => route.area === area),
        httpApi: this.httpApi,
        authorizer,
        environment,
      });
      this.areas.set(area, stackOfArea);
      for (const [operation, fn] of stackOfArea.functions) this.functions.set(operation, fn);
      for (const [operation, route] of stackOfArea.routes) this.routes.set(operation, route);
      // The stage's route settings name route keys, which API Gateway refuses before the routes exist.
      this.stage.node.addDependency(stackOfArea);
    }

    // Each route's own throttle (the L2 stage sets only the default): its key is API Gateway's route key.
    const routeSettings = Object.fromEntries(
      all.map((route) => {
        const limit = ROUTE_LIMITS[loadOf(route)];
        return [
          `${route.method} ${route.path}`,
          { ThrottlingRateLimit: limit.rate, ThrottlingBurstLimit: limit.burst },
        ];
      }),
    );
    (this.stage.node.defaultChild as CfnStage).addPropertyOverride('RouteSettings', routeSettings);
  }

  /** Every handler learns the site's URL (for links in mails) once CloudFront exists. */
  setAppUrl(url: string): void {
    for (const fn of this.functions.values()) fn.addEnvironment('APP_URL', url);
  }
}

const pascalCase = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
