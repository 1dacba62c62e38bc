/**
 * Data migrations that run after a deployment: each is a Lambda of ours (lambdas/migrations/),
 * called by CloudFormation through a custom resource once the table exists, and again whenever its
 * code changes (the resource carries the code's version). Each must be idempotent and safe beside
 * live traffic: the local stack runs the same code each time it starts.
 */
import path from 'node:path';
import { CustomResource, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { LAMBDA_LOG_RETENTION, makeLambda, PROJECT_ROOT } from './lambda-function';
import { acknowledge, acknowledgeCdkHandler, tableIndexFinding } from './nag';

export interface MigrationsProps {
  readonly table: ITable;
  /** The pool of the operator's account, for the migrations that read it. */
  readonly userPool: IUserPool;
  readonly superAdminEmail: string;
}

/** The migrations, in the order they run: each after the one before it. */
const MIGRATIONS = [
  {
    name: 'groupMarks',
    id: 'GroupMarks',
    description: "Migration: every church's group marks on members and families made true from its roles",
  },
  {
    name: 'directoryOrder',
    id: 'DirectoryOrder',
    description: "Migration: every church's families and members put in surname order, with their search words",
  },
  {
    name: 'groupOrder',
    id: 'GroupOrder',
    description:
      "Migration: every church's groups put in name order with their member counts, their roles in name order",
  },
  {
    name: 'operatorTwoStep',
    id: 'OperatorTwoStep',
    description: "Migration: the super-admin's two-step sign-in, on before its moment was kept, given the run's moment",
    // Reads the operator's account (its sub and whether TOTP is on).
    userPool: ['cognito-idp:AdminGetUser'],
  },
] as const;

export class Migrations extends Construct {
  /** Migration name → its Lambda. */
  readonly functions = new Map<string, NodejsFunction>();

  constructor(scope: Construct, id: string, props: MigrationsProps) {
    super(scope, id);
    let previous: Construct = props.table;
    for (const migration of MIGRATIONS) {
      const readsPool = 'userPool' in migration;
      const fn = makeLambda(this, migration.id, {
        entry: path.join(PROJECT_ROOT, 'lambdas', 'migrations', `${migration.name}.ts`),
        description: migration.description,
        roleDescription: `${migration.id} migration: reads and writes the directory table${readsPool ? ", reads the operator's account" : ''}`,
        memorySize: 1024,
        timeout: Duration.minutes(15),
        environment: {
          TABLE_NAME: props.table.tableName,
          ...(readsPool ? { USER_POOL_ID: props.userPool.userPoolId, SUPER_ADMIN_EMAIL: props.superAdminEmail } : {}),
        },
      });
      props.table.grantReadWriteData(fn);
      if (readsPool)
        fn.addToRolePolicy(
          new PolicyStatement({ actions: [...migration.userPool], resources: [props.userPool.userPoolArn] }),
        );
      acknowledge(
        fn.role!,
        'Access to the GSIs of our own single table (table-arn/index/*): it lists the churches on GSI1.',
        tableIndexFinding(fn, props.table),
      );
      this.functions.set(migration.name, fn);

      const provider = new Provider(this, `${migration.id}Provider`, {
        onEventHandler: fn,
        logGroup: new LogGroup(this, `${migration.id}ProviderLogs`, {
          retention: LAMBDA_LOG_RETENTION,
          removalPolicy: RemovalPolicy.DESTROY,
        }),
      });
      const run = new CustomResource(this, `${migration.id}Run`, {
        serviceToken: provider.serviceToken,
        // A new version of the code is a new value: CloudFormation updates the resource, which runs it again.
        properties: { version: fn.currentVersion.version },
      });
      run.node.addDependency(previous);
      previous = run;

      acknowledgeCdkHandler(
        provider,
        "The custom resource provider framework's Lambda is made by aws-cdk-lib",
        'CDK lets it invoke every version of our migration function (function-arn:*).',
      );
    }
  }
}
