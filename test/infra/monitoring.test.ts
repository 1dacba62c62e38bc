/**
 * What operators see and are told (lib/monitoring.ts): an alarm on the API's 5xx rate, on every
 * Lambda's errors and throttles, on DynamoDB throttles and on failed jobs, each mailed through one
 * encrypted SNS topic and explained in docs/runbook.md; one dashboard; JSON logs kept for a while.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_SCHEMA } from '../../lambdas/core/repos/keys';
import { s3Events } from '../../lambdas/events/manifest';
import { jobs } from '../../lambdas/tasks/manifest';
import { routes } from '../../lambdas/routes';
import { BUSINESS_METRICS, ERROR_METRIC, METRIC_NAMESPACE } from '../../lambdas/platform/telemetry';
import { STACK_NAMES } from '../../lib/directory-app';
import { LAMBDA_LOG_RETENTION } from '../../lib/lambda-function';
import { API_5XX_MIN_REQUESTS, API_5XX_RATE_PERCENT, LAMBDAS_PER_ALARM } from '../../lib/monitoring';
import { resourcesOf, synthDirectory, logicalIdOf } from './support';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The job tasks and the S3 event handlers (the photo pipeline): Lambdas of ours besides the routes. */
const taskCount =
  Object.values(jobs).reduce((n, job) => n + Object.keys(job.tasks).length, 0) + Object.keys(s3Events).length;

type Synth = ReturnType<typeof synthDirectory>;
let s: Synth;
let alarms: { id: string; p: Record<string, any> }[];
let topicId: string;
const id = logicalIdOf;
const alarmNamed = (suffix: string) => {
  const found = alarms.find((a) => a.p.AlarmName === `${STACK_NAMES.main}-${suffix}`);
  expect(found, suffix).toBeDefined();
  return found!.p;
};
/** The metrics an alarm reads, as [namespace, metric name, dimension names]. */
const metricsOf = (p: Record<string, any>): [string, string, string[]][] =>
  (
    p.Metrics ?? [
      { MetricStat: { Metric: { Namespace: p.Namespace, MetricName: p.MetricName, Dimensions: p.Dimensions } } },
    ]
  )
    .filter((m: any) => m.MetricStat)
    .map((m: any) => [
      m.MetricStat.Metric.Namespace,
      m.MetricStat.Metric.MetricName,
      m.MetricStat.Metric.Dimensions.map((d: any) => d.Name).sort(),
    ]);

beforeAll(() => {
  s = synthDirectory();
  alarms = resourcesOf(s.template, 'AWS::CloudWatch::Alarm').map(([id, r]) => ({ id, p: r.Properties }));
  topicId = id(s.stack.monitoring.topic);
});

describe('alarms', () => {
  it('fires on a 5xx rate of the API, counted over at least a minimum of requests', () => {
    const p = alarmNamed('Api5xxRate');
    expect(metricsOf(p)).toEqual(
      expect.arrayContaining([
        ['AWS/ApiGateway', '5xx', ['ApiId', 'Stage']],
        ['AWS/ApiGateway', 'Count', ['ApiId', 'Stage']],
      ]),
    );
    const expression = p.Metrics.find((m: any) => m.ReturnData !== false && m.Expression).Expression;
    expect(expression).toContain(`< ${API_5XX_MIN_REQUESTS}`);
    expect(p.Threshold).toBe(API_5XX_RATE_PERCENT);
  });

  it('watches the errors and the throttles of every Lambda of ours (each route, job task and S3 event handler), ten to an alarm', () => {
    const groups = Math.ceil((routes.length + taskCount) / LAMBDAS_PER_ALARM);
    const lambdaAlarms = alarms.filter((a) => metricsOf(a.p).some(([ns]) => ns === 'AWS/Lambda'));
    expect(lambdaAlarms).toHaveLength(2 * groups);
    for (const [kind, metric] of [
      ['LambdaErrors', 'Errors'],
      ['LambdaThrottles', 'Throttles'],
    ]) {
      const watched = Array.from({ length: groups }, (_, i) => alarmNamed(`${kind}-${i + 1}`)).flatMap((p) => {
        expect(p.Threshold).toBe(1);
        const stats = p.Metrics.filter((m: any) => m.MetricStat);
        expect(stats.length).toBeLessThanOrEqual(LAMBDAS_PER_ALARM);
        return stats.map((m: any) => {
          expect(m.MetricStat.Metric.MetricName).toBe(metric);
          return JSON.stringify(m.MetricStat.Metric.Dimensions);
        });
      });
      const every = [...s.stack.api.functions, ...s.stack.jobs.functionsByName(), ...s.stack.photoPipeline.functions];
      expect(watched.sort(), kind).toEqual(
        every.map(([, fn]) => JSON.stringify([{ Name: 'FunctionName', Value: { Ref: id(fn) } }])).sort(),
      );
    }
  });

  it('sums the read and write throttles of the table and of each index', () => {
    const metrics = metricsOf(alarmNamed('DynamoDbThrottles'));
    const expected = [['TableName'], ...TABLE_SCHEMA.indexes.map(() => ['GlobalSecondaryIndexName', 'TableName'])];
    for (const kind of ['ReadThrottleEvents', 'WriteThrottleEvents']) {
      expect(metrics.filter(([, name]) => name === kind).map(([, , dims]) => dims)).toEqual(expected);
    }
  });

  it('fires on a failed or timed-out execution of each job', () => {
    for (const [job, machine] of s.stack.jobs.stateMachines) {
      const p = alarmNamed(`JobFailed-${job}`);
      expect(metricsOf(p).map(([ns, name]) => `${ns} ${name}`)).toEqual([
        'AWS/States ExecutionsFailed',
        'AWS/States ExecutionsTimedOut',
      ]);
      expect(JSON.stringify(p.Metrics)).toContain(id(machine));
    }
  });

  it('mails every alarm and its recovery through the one topic, fires on the first bad period, stays quiet without data', () => {
    expect(alarms.length).toBe(
      1 + 2 * Math.ceil((routes.length + taskCount) / LAMBDAS_PER_ALARM) + 1 + Object.keys(jobs).length,
    );
    for (const { p } of alarms) {
      expect(p.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(p.OKActions).toEqual([{ Ref: topicId }]);
      expect(p.EvaluationPeriods).toBe(1);
      expect(p.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
      expect(p.TreatMissingData).toBe('notBreaching');
    }
  });

  it('points each alarm at its section of docs/runbook.md', () => {
    const runbook = fs.readFileSync(path.join(ROOT, 'docs/runbook.md'), 'utf8');
    const anchors = new Set(
      [...runbook.matchAll(/^#+ (.+)$/gm)].map(([, heading]) =>
        heading!
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    for (const { p } of alarms) {
      const [, anchor] = /Runbook: docs\/runbook\.md#([a-z0-9-]+)/.exec(p.AlarmDescription) ?? [];
      expect(anchor, p.AlarmDescription).toBeDefined();
      expect([...anchors]).toContain(anchor);
    }
  });
});

describe('alarm topic', () => {
  it('is encrypted with a rotated key CloudWatch may use, and takes publications from CloudWatch alarms over TLS only', () => {
    const [[, topic]] = resourcesOf(s.template, 'AWS::SNS::Topic') as [[string, any]];
    const [[keyId, key]] = resourcesOf(s.template, 'AWS::KMS::Key') as [[string, any]];
    expect(topic.Properties.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(key.Properties.KeyPolicy.Statement).toContainEqual(
      expect.objectContaining({
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      }),
    );
    const [[, policy]] = resourcesOf(s.template, 'AWS::SNS::TopicPolicy') as [[string, any]];
    const statements = policy.Properties.PolicyDocument.Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: 'sns:Publish',
        Condition: expect.objectContaining({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } }),
      }),
    );
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  it('has no subscriber without alarmEmail (regions.test.ts deploys with one)', () => {
    s.template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('refuses an alarmEmail that is not an address', () => {
    expect(() => synthDirectory({ alarmEmail: 'ops at example' })).toThrow(/alarmEmail/);
  });
});

describe('dashboard', () => {
  it('is one dashboard with the alarms, the API, our business and error metrics, the Lambdas, the table and the jobs', () => {
    const dashboards = resourcesOf(s.template, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]![1].Properties.DashboardBody);
    expect(body).toContain('\\"alarms\\":[');
    for (const text of [
      '5xx',
      'Latency',
      ...BUSINESS_METRICS,
      `{${METRIC_NAMESPACE},code,service} MetricName=\\\\\\"${ERROR_METRIC}\\\\\\"`,
      'Throttles',
      'Duration',
      'ConsumedReadCapacityUnits',
      'ExecutionsFailed',
    ]) {
      expect(body, text).toContain(text);
    }
  });
});

describe('logs', () => {
  it('gives every log group a retention, and every Lambda (CDK’s deployment handler too) a log group of ours', () => {
    const groups = resourcesOf(s.template, 'AWS::Logs::LogGroup');
    expect(groups.length).toBeGreaterThan(routes.length + taskCount);
    for (const [logicalId, group] of groups) expect(group.Properties.RetentionInDays, logicalId).toBeGreaterThan(0);
    for (const [logicalId, fn] of resourcesOf(s.template, 'AWS::Lambda::Function')) {
      expect(fn.Properties.LoggingConfig?.LogGroup, logicalId).toEqual({ Ref: expect.any(String) });
    }
  });

  it('has every Lambda of ours write JSON lines at INFO into its own log group, kept a month', () => {
    const resources = s.template.toJSON().Resources;
    for (const [name, fn] of [
      ...s.stack.api.functions,
      ...s.stack.jobs.functionsByName(),
      ...s.stack.photoPipeline.functions,
    ]) {
      const config = resources[id(fn)].Properties.LoggingConfig;
      expect(config, name).toMatchObject({ LogFormat: 'JSON', ApplicationLogLevel: 'INFO', SystemLogLevel: 'INFO' });
      expect(resources[config.LogGroup.Ref].Properties.RetentionInDays).toBe(LAMBDA_LOG_RETENTION);
    }
  });
});
