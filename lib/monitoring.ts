/**
 * What operators see and are told: CloudWatch alarms on the API's 5xx rate, every Lambda's
 * errors and throttles, DynamoDB throttles and failed Step Functions executions, all sent to one
 * SNS topic (with an e-mail subscription when an address is given), and one dashboard with the
 * alarms, the API, our business and error metrics (EMF, lambdas/platform/metrics.ts), the
 * Lambdas, the table and the jobs. docs/runbook.md says what each alarm means and what to do.
 */
import { Annotations, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IHttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  AlarmWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  Stats,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { TABLE_SCHEMA } from '../lambdas/core/repos/keys';
import {
  BUSINESS_METRICS,
  ERROR_CODE_DIMENSION,
  ERROR_METRIC,
  METRIC_NAMESPACE,
  SERVICE_NAME,
} from '../lambdas/platform/telemetry';

/** Every alarm looks at 5-minute sums and fires on the first bad period. */
export const ALARM_PERIOD = Duration.minutes(5);
/** The API alarm fires when at least this share of a period's requests answered 5xx... */
export const API_5XX_RATE_PERCENT = 5;
/** ...counted over at least this many requests, so that one 5xx in a quiet period still fires. */
export const API_5XX_MIN_REQUESTS = 20;

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export interface MonitoringProps {
  readonly apiStage: IHttpStage;
  /** Every Lambda of ours by a short name (the operation, or job-task), as alarms and graphs call it. */
  readonly functions: ReadonlyMap<string, IFunction>;
  readonly table: ITable;
  readonly stateMachines: ReadonlyMap<string, IStateMachine>;
  /** Where alarms are mailed (context `alarmEmail`); without it the topic has no subscriber yet. */
  readonly alarmEmail?: string;
}

export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;
  private readonly prefix: string;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.prefix = stack.stackName;
    this.topic = this.alarmTopic(props.alarmEmail);

    const api5xx = this.alarm('Api5xxRate', 'api-5xx-rate', {
      metric: apiServerErrorRate(props.apiStage),
      threshold: API_5XX_RATE_PERCENT,
      description: `At least ${API_5XX_RATE_PERCENT}% of the API's answers in 5 minutes were 5xx (over at least ${API_5XX_MIN_REQUESTS} requests).`,
    });
    // One alarm per LAMBDAS_PER_ALARM functions (a metric math alarm holds at most ten metrics),
    // not one per function: 58 functions made 116 alarms, a quarter of CloudFormation's 500
    // resources a stack may hold. Each alarm names its functions; the dashboard shows which one.
    lambdaGroups(props.functions).forEach((group, i) => {
      const names = group.map(([name]) => name).join(', ');
      this.alarm(`LambdaErrors-${i + 1}`, 'lambda-errors', {
        metric: sumOf(group, (fn) => fn.metricErrors({ period: ALARM_PERIOD, statistic: Stats.SUM }), 'errors'),
        threshold: 1,
        description: `One of these Lambdas failed (an exception out of the handler, a timeout or out of memory): ${names}.`,
      });
      this.alarm(`LambdaThrottles-${i + 1}`, 'lambda-throttles', {
        metric: sumOf(group, (fn) => fn.metricThrottles({ period: ALARM_PERIOD, statistic: Stats.SUM }), 'throttles'),
        threshold: 1,
        description: `One of these Lambdas was refused invocations (the account's concurrency was used up): ${names}.`,
      });
    });
    this.alarm('DynamoDbThrottles', 'dynamodb-throttles', {
      metric: tableThrottles(props.table),
      threshold: 1,
      description: 'DynamoDB throttled reads or writes of the table or its indexes.',
    });
    for (const [name, machine] of props.stateMachines) {
      this.alarm(`JobFailed-${name}`, 'job-failed', {
        metric: new MathExpression({
          expression: 'FILL(failed, 0) + FILL(timedOut, 0)',
          usingMetrics: {
            failed: machine.metricFailed({ period: ALARM_PERIOD, statistic: Stats.SUM }),
            timedOut: machine.metricTimedOut({ period: ALARM_PERIOD, statistic: Stats.SUM }),
          },
          period: ALARM_PERIOD,
          label: `${name} executions failed or timed out`,
        }),
        threshold: 1,
        description: `A ${name} job (Step Functions execution) failed or timed out.`,
      });
    }

    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: this.prefix });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# Church directory\nAlarms mail the SNS topic \`${this.topic.topicName}\`; what each means and what to do: docs/runbook.md in the repository.`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 6 }));
    this.dashboard.addWidgets(...apiWidgets(props.apiStage, api5xx));
    this.dashboard.addWidgets(...productWidgets());
    this.dashboard.addWidgets(...lambdaWidgets(props.functions));
    this.dashboard.addWidgets(...dataWidgets(props.table, props.stateMachines));
  }

  /** The alarms' topic: encrypted with a key CloudWatch may use, published to by CloudWatch only, over TLS. */
  private alarmTopic(alarmEmail: string | undefined): Topic {
    const stack = Stack.of(this);
    const key = new Key(this, 'AlarmTopicKey', {
      description: 'Encrypts the church directory alarm topic',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    // CloudWatch encrypts what it publishes with the topic's key: an AWS-managed SNS key would refuse it.
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    const topic = new Topic(this, 'AlarmTopic', {
      displayName: 'Church directory alarms',
      masterKey: key,
      enforceSSL: true,
    });
    // enforceSSL gives the topic a policy of its own, which replaces the default that let CloudWatch publish.
    topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: {
            'aws:SourceArn': stack.formatArn({ service: 'cloudwatch', resource: 'alarm', resourceName: '*' }),
          },
        },
      }),
    );
    if (alarmEmail !== undefined) {
      if (!EMAIL.test(alarmEmail)) throw new Error(`alarmEmail "${alarmEmail}" is not an e-mail address`);
      topic.addSubscription(new EmailSubscription(alarmEmail));
    } else {
      Annotations.of(this).addInfo(
        'No alarmEmail given: the alarms publish to the topic, which nobody receives until you subscribe (cdk deploy -c alarmEmail=you@example.org).',
      );
    }
    return topic;
  }

  /** One alarm: fires at `threshold` or more in one period, quiet without data, mails on ALARM and on OK. */
  private alarm(
    name: string,
    runbookAnchor: string,
    options: { metric: IMetric; threshold: number; description: string },
  ): Alarm {
    const alarm = new Alarm(this, name, {
      alarmName: `${this.prefix}-${name}`,
      alarmDescription: `${options.description} Runbook: docs/runbook.md#${runbookAnchor}`,
      metric: options.metric,
      threshold: options.threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      datapointsToAlarm: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }
}

/** The most metrics one CloudWatch metric math alarm may use. */
export const LAMBDAS_PER_ALARM = 10;

/** The functions in groups of LAMBDAS_PER_ALARM, in their order. */
export function lambdaGroups<F>(functions: ReadonlyMap<string, F>): [string, F][][] {
  const all = [...functions];
  return Array.from({ length: Math.ceil(all.length / LAMBDAS_PER_ALARM) }, (_, i) =>
    all.slice(i * LAMBDAS_PER_ALARM, (i + 1) * LAMBDAS_PER_ALARM),
  );
}

/** The sum of one metric of each function of a group, a missing datapoint counting as 0. */
function sumOf<F>(group: [string, F][], metric: (fn: F) => IMetric, label: string): MathExpression {
  const usingMetrics = Object.fromEntries(group.map(([, fn], i) => [`m${i}`, metric(fn)]));
  return new MathExpression({
    expression: Object.keys(usingMetrics)
      .map((m) => `FILL(${m}, 0)`)
      .join(' + '),
    usingMetrics,
    period: ALARM_PERIOD,
    label: `Lambda ${label}`,
  });
}

/** 5xx answers as a percentage of the period's requests, or of API_5XX_MIN_REQUESTS when fewer came. */
function apiServerErrorRate(stage: IHttpStage): MathExpression {
  return new MathExpression({
    expression: `100 * FILL(errors, 0) / IF(FILL(requests, 0) < ${API_5XX_MIN_REQUESTS}, ${API_5XX_MIN_REQUESTS}, FILL(requests, 0))`,
    usingMetrics: {
      errors: stage.metricServerError({ period: ALARM_PERIOD, statistic: Stats.SUM }),
      requests: stage.metricCount({ period: ALARM_PERIOD, statistic: Stats.SUM }),
    },
    period: ALARM_PERIOD,
    label: 'API 5xx rate (%)',
  });
}

/** Throttled reads and writes of the table and of each index (8 metrics: an alarm allows 10). */
function tableThrottles(table: ITable): MathExpression {
  const scopes: Record<string, string>[] = [
    { TableName: table.tableName },
    ...TABLE_SCHEMA.indexes.map((index) => ({ TableName: table.tableName, GlobalSecondaryIndexName: index.name })),
  ];
  const usingMetrics: Record<string, IMetric> = {};
  scopes.forEach((dimensionsMap, i) => {
    for (const kind of ['Read', 'Write']) {
      usingMetrics[`${kind.toLowerCase()}${i}`] = table.metric(`${kind}ThrottleEvents`, {
        dimensionsMap,
        period: ALARM_PERIOD,
        statistic: Stats.SUM,
      });
    }
  });
  return new MathExpression({
    expression: Object.keys(usingMetrics)
      .map((id) => `FILL(${id}, 0)`)
      .join(' + '),
    usingMetrics,
    period: ALARM_PERIOD,
    label: 'DynamoDB throttle events',
  });
}

function apiWidgets(stage: IHttpStage, api5xx: Alarm) {
  const sum = { period: ALARM_PERIOD, statistic: Stats.SUM };
  return [
    new GraphWidget({
      title: 'API requests and errors',
      left: [
        stage.metricCount({ ...sum, label: 'requests' }),
        stage.metricClientError({ ...sum, label: '4xx' }),
        stage.metricServerError({ ...sum, label: '5xx' }),
      ],
      width: 8,
    }),
    new GraphWidget({
      title: 'API latency (ms)',
      left: [Stats.p(50), Stats.p(99)].map((statistic) =>
        stage.metricLatency({ period: ALARM_PERIOD, statistic, label: statistic }),
      ),
      width: 8,
    }),
    new AlarmWidget({ title: 'API 5xx rate (%)', alarm: api5xx, width: 8 }),
  ];
}

function productWidgets() {
  const dimensionsMap = { service: SERVICE_NAME };
  return [
    new GraphWidget({
      title: 'Use of the directory (per hour)',
      left: BUSINESS_METRICS.map(
        (metricName) =>
          new Metric({
            namespace: METRIC_NAMESPACE,
            metricName,
            dimensionsMap,
            period: Duration.hours(1),
            statistic: Stats.SUM,
          }),
      ),
      width: 12,
    }),
    new GraphWidget({
      title: 'Refused and failed requests by error code',
      left: [
        new MathExpression({
          expression: `SEARCH('{${METRIC_NAMESPACE},${ERROR_CODE_DIMENSION},service} MetricName="${ERROR_METRIC}"', 'Sum', 300)`,
          label: '',
          period: ALARM_PERIOD,
        }),
      ],
      width: 12,
    }),
  ];
}

function lambdaWidgets(functions: ReadonlyMap<string, IFunction>) {
  const each = (title: string, metric: (fn: IFunction, label: string) => IMetric) =>
    new GraphWidget({ title, left: [...functions].map(([name, fn]) => metric(fn, name)), width: 8 });
  const sum = { period: ALARM_PERIOD, statistic: Stats.SUM };
  return [
    each('Lambda errors', (fn, label) => fn.metricErrors({ ...sum, label })),
    each('Lambda throttles', (fn, label) => fn.metricThrottles({ ...sum, label })),
    each('Lambda duration p99 (ms)', (fn, label) =>
      fn.metricDuration({ period: ALARM_PERIOD, statistic: Stats.p(99), label }),
    ),
  ];
}

function dataWidgets(table: ITable, machines: ReadonlyMap<string, IStateMachine>) {
  const sum = { period: ALARM_PERIOD, statistic: Stats.SUM };
  return [
    new GraphWidget({
      title: 'DynamoDB capacity used and throttles',
      left: [
        table.metricConsumedReadCapacityUnits({ ...sum, label: 'read units' }),
        table.metricConsumedWriteCapacityUnits({ ...sum, label: 'write units' }),
      ],
      right: [tableThrottles(table)],
      width: 12,
    }),
    new GraphWidget({
      title: 'Jobs (Step Functions executions)',
      left: [...machines].flatMap(([name, machine]) => [
        machine.metricStarted({ ...sum, label: `${name} started` }),
        machine.metricSucceeded({ ...sum, label: `${name} succeeded` }),
        machine.metricFailed({ ...sum, label: `${name} failed` }),
        machine.metricTimedOut({ ...sum, label: `${name} timed out` }),
      ]),
      width: 12,
    }),
  ];
}
