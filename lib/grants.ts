/**
 * The table and bucket grants of a function, from what its manifest entry says it uses
 * (`DataUses`: route manifest lambdas/routes.ts, job manifest lambdas/tasks/manifest.ts), at the
 * narrowest level: read-only functions cannot write, and none holds a bucket action it does not use.
 */
import { Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { BucketUse, DataUses } from '../lambdas/routes';
import { acknowledge, shownAttribute, tableIndexFinding } from './nag';

export interface DataTargets {
  readonly table: ITable;
  readonly photos: IBucket;
  readonly exports: IBucket;
}

export function grantData(fn: NodejsFunction, uses: DataUses, targets: DataTargets): void {
  if (uses.table) {
    if (uses.table === 'read') targets.table.grantReadData(fn);
    else targets.table.grantReadWriteData(fn);
    acknowledge(
      fn.role!,
      'Access to the GSIs of our own single table (table-arn/index/*): the repositories query GSI1-3.',
      tableIndexFinding(fn, targets.table),
    );
  }
  const buckets: [IBucket, BucketUse][] = [];
  if (uses.photos) buckets.push([targets.photos, uses.photos]);
  if (uses.exports) buckets.push([targets.exports, uses.exports]);
  for (const [bucket, level] of buckets) {
    // Read includes s3:List*: without ListBucket, S3 answers 403 (not 404) for a missing object.
    bucket.grantRead(fn);
    const ids = [
      `AwsSolutions-IAM5[Resource::${shownAttribute(fn, bucket, 'Arn')}/*]`,
      'AwsSolutions-IAM5[Action::s3:GetBucket*]',
      'AwsSolutions-IAM5[Action::s3:GetObject*]',
      'AwsSolutions-IAM5[Action::s3:List*]',
    ];
    if (level === 'delete' || level === 'replace') {
      bucket.grantDelete(fn);
      ids.push('AwsSolutions-IAM5[Action::s3:DeleteObject*]');
    }
    if (level === 'write' || level === 'replace') {
      bucket.grantPut(fn);
      ids.push('AwsSolutions-IAM5[Action::s3:Abort*]');
    }
    const does = {
      read: 'reads (or presigns reads of)',
      delete: 'deletes',
      write: 'writes (or presigns writes of)',
      replace: 'writes and deletes',
    }[level];
    acknowledge(
      fn.role!,
      `Object-level access to one bucket only: the function ${does} objects under an organisation's prefix; CDK's grants use these s3 action families.`,
      ...ids,
    );
  }
}

/** ses:SendEmail from the configured sender only: the address and its domain as SES identities. */
export function grantMail(fn: NodejsFunction, mailFrom: string): void {
  const stack = Stack.of(fn);
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [mailFrom, mailFrom.split('@')[1] ?? mailFrom].map((identity) =>
        stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
      ),
    }),
  );
}

/**
 * Amazon Location's Geocode on the provider's places (the address lookup job), and no other
 * action of it: places v2 has no resource of ours, only the provider's `provider/default`.
 */
export function grantGeocode(fn: NodejsFunction): void {
  const stack = Stack.of(fn);
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['geo-places:Geocode'],
      resources: [
        stack.formatArn({ service: 'geo-places', account: '', resource: 'provider', resourceName: 'default' }),
      ],
    }),
  );
}
