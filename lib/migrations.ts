/**
 * Data migrations that run after a deployment: each is a Lambda of ours (lambdas/migrations/),
 * called by CloudFormation through a custom resource once the table exists, and again whenever its
 * code changes (the resource carries the code's version). Each must be idempotent and safe beside
 * live traffic: the local stack runs the same code each time it starts.
 */
import path from 'node:path';
import { CustomResource, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { LAMBDA_LOG_RETENTION, makeLambda, PROJECT_ROOT } from './lambda-function';
import { acknowledge, acknowledgeCdkHandler, tableIndexFinding } from './nag';

export interface MigrationsProps {
  readonly table: ITable;
}

export class Migrations extends Construct {
  /** Migration name → its Lambda. */
  readonly functions = new Map<string, NodejsFunction>();

  constructor(scope: Construct, id: string, props: MigrationsProps) {
    super(scope, id);
    const groupMarks = makeLambda(this, 'GroupMarks', {
      entry: path.join(PROJECT_ROOT, 'lambdas', 'migrations', 'groupMarks.ts'),
      description: "Migration: every church's group marks on members and families made true from its roles",
      roleDescription: 'Group marks migration: reads and writes the directory table',
      memorySize: 1024,
      timeout: Duration.minutes(15),
      environment: { TABLE_NAME: props.table.tableName },
    });
    props.table.grantReadWriteData(groupMarks);
    acknowledge(
      groupMarks.role!,
      'Access to the GSIs of our own single table (table-arn/index/*): it lists the churches on GSI1.',
      tableIndexFinding(props.table),
    );
    this.functions.set('groupMarks', groupMarks);

    const provider = new Provider(this, 'Provider', {
      onEventHandler: groupMarks,
      logGroup: new LogGroup(this, 'ProviderLogs', {
        retention: LAMBDA_LOG_RETENTION,
        removalPolicy: RemovalPolicy.DESTROY,
      }),
    });
    const run = new CustomResource(this, 'GroupMarksRun', {
      serviceToken: provider.serviceToken,
      // A new version of the code is a new value: CloudFormation updates the resource, which runs it again.
      properties: { version: groupMarks.currentVersion.version },
    });
    run.node.addDependency(props.table);

    const reason = "The custom resource provider framework's Lambda is made by aws-cdk-lib";
    acknowledgeCdkHandler(
      provider,
      reason,
      'CDK lets it invoke every version of our migration function (function-arn:*).',
    );
  }
}
