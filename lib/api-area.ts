import path from 'node:path';
import { Duration, NestedStack } from 'aws-cdk-lib';
import {
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type IHttpApi,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import type { Area, RouteDef } from '../lambdas/routes';
import { makeLambda, PROJECT_ROOT, shipFiles } from './lambda-function';
import type { Jobs } from './jobs';
import { grantData, grantMail } from './grants';
import { acknowledge } from './nag';
import { loadOf, reservesConcurrency, ROUTE_LIMITS } from './limits';

export interface ApiAreaProps {
  readonly area: Area;
  /** This area's entries of the route manifest. */
  readonly routes: readonly RouteDef[];
  readonly httpApi: IHttpApi;
  /** The Cognito JWT authorizer, for every route that is not `public`. */
  readonly authorizer: IHttpRouteAuthorizer;
  /** Every handler's environment (lib/api.ts). */
  readonly environment: Record<string, string>;
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly photos: IBucket;
  readonly exports: IBucket;
  /** The SES sender for our own mails; without it routes that use `mail` get no SES permission. */
  readonly mailFrom?: string;
  /** The jobs' state machines (lib/jobs.ts): required once a route `uses` jobs. */
  readonly jobs?: Jobs;
}

/**
 * One area of the route manifest as a nested stack of its own: per route a Lambda (its role, policy
 * and log group), the gateway's permission to call it, its integration and its route on the shared
 * HTTP API, about seven resources a route. A template holds at most 500 resources; an area of forty
 * routes stays near 280, and the values it needs from the base stack (table, pool, buckets, API)
 * come in as the nested stack's parameters, which CDK writes, with no export to block a later change.
 */
export class ApiArea extends NestedStack {
  readonly functions = new Map<string, NodejsFunction>();
  readonly routes = new Map<string, HttpRoute>();

  constructor(scope: Construct, id: string, props: ApiAreaProps) {
    super(scope, id, { description: `Church directory API: the ${props.area} routes` });
    for (const route of props.routes) {
      const fn = this.makeFunction(route, props.environment);
      this.grant(fn, route, props);
      this.functions.set(route.operation, fn);
      const httpRoute = new HttpRoute(this, `${route.operation}Route`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${route.operation}Integration`, fn),
        authorizer: route.access === 'public' ? undefined : props.authorizer,
      });
      this.routes.set(route.operation, httpRoute);
      if (route.access === 'public') {
        acknowledge(
          httpRoute,
          `${route.method} ${route.path} is public by design (access 'public' in lambdas/routes.ts: anonymous registration or sign-up, and the name of the church a sign-up link names). WAF rate-limits and challenges it; the handler validates every field.`,
          'AwsSolutions-APIG4',
        );
      }
    }
  }

  private makeFunction(route: RouteDef, environment: Record<string, string>): NodejsFunction {
    const limit = ROUTE_LIMITS[loadOf(route)];
    return makeLambda(this, route.operation, {
      entry: path.join(PROJECT_ROOT, 'lambdas', 'http', `${route.entry}.ts`),
      description: `${route.operation}: ${route.method} ${route.path} (${route.access})`,
      roleDescription: `Lambda role for ${route.operation} (${route.method} ${route.path})`,
      memorySize: route.memoryMb ?? 512,
      // API Gateway gives up at 30 s; answer (or fail) before it does.
      timeout: Duration.seconds(29),
      environment,
      commandHooks: route.files?.length ? shipFiles(route) : undefined,
      reservedConcurrency: reservesConcurrency(this) ? limit.reserved : undefined,
    });
  }

  private grant(fn: NodejsFunction, route: RouteDef, props: ApiAreaProps): void {
    grantData(fn, route.uses, props);
    // Without a configured sender (context sesFromEmail) there is no identity to grant on; such a
    // handler must report that mail is not configured rather than send.
    if (route.uses.mail && props.mailFrom) grantMail(fn, props.mailFrom);
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
          ...props.jobs.executionArnFindings(fn),
        );
      }
    }
  }
}
