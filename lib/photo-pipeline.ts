import path from 'node:path';
import { CfnResource, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { EventType, type Bucket } from 'aws-cdk-lib/aws-s3';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { s3Events, type S3EventDef } from '../lambdas/events/manifest';
import type { EnvName } from '../lambdas/platform/env';
import { LAMBDA_LOG_RETENTION, makeLambda, PROJECT_ROOT } from './lambda-function';
import { acknowledge, acknowledgeCdkHandler, logicalId, tableIndexFinding } from './nag';
import { startOneOffJob } from './one-off-job';

export interface PhotoPipelineProps {
  readonly table: ITable;
  readonly photos: Bucket;
  /** The one-off job that makes renditions for photos stored before there were any (lib/jobs.ts). */
  readonly renditionsJob: StateMachine;
}

/**
 * Bumped when stored photos need their renditions made again: each new value starts the job once
 * after the deployment (a run finds only photos without renditions, so one more run is harmless).
 */
export const RENDITIONS_RUN = '1';

/**
 * The Lambdas S3 invokes for new objects (lambdas/events/manifest.ts): the photo pipeline, which
 * checks each upload under `uploads/` and makes its renditions with sharp, installed beside the
 * bundle for the function's architecture (lib/bundling.ts). Its grants: read and delete uploads,
 * write the church's photos, record the result in the table.
 */
export class PhotoPipeline extends Construct {
  readonly functions = new Map<string, NodejsFunction>();

  constructor(scope: Construct, id: string, props: PhotoPipelineProps) {
    super(scope, id);
    for (const [name, def] of Object.entries(s3Events) as [string, S3EventDef][]) {
      const environment: Partial<Record<EnvName, string>> = {
        TABLE_NAME: props.table.tableName,
        PHOTOS_BUCKET: props.photos.bucketName,
      };
      const fn = makeLambda(this, name, {
        entry: path.join(PROJECT_ROOT, 'lambdas', 'events', `${def.entry}.ts`),
        description: def.description,
        roleDescription: `Lambda role for ${name} (S3 events of ${def.bucket}/${def.prefix})`,
        memorySize: def.memoryMb,
        timeout: Duration.seconds(60),
        environment: environment as Record<string, string>,
        nativeModules: def.nativeModules,
      });
      props.photos.grantRead(fn, `${def.prefix}*`);
      props.photos.grantDelete(fn, `${def.prefix}*`);
      // Only a church's photos folder: `<orgId>/photos/...` (photos/photo-keys.ts).
      props.photos.grantPut(fn, '*/photos/*');
      props.table.grantWriteData(fn);
      props.photos.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(fn), { prefix: def.prefix });
      const photosArn = logicalId(props.photos);
      acknowledge(
        fn.role!,
        `Object-level access to the photos bucket only: it reads and deletes the uploads under ${def.prefix} and writes a church's photos and renditions (keys from the upload's own key); CDK's grants use these s3 action families.`,
        `AwsSolutions-IAM5[Resource::<${photosArn}.Arn>/${def.prefix}*]`,
        `AwsSolutions-IAM5[Resource::<${photosArn}.Arn>/*/photos/*]`,
        'AwsSolutions-IAM5[Action::s3:GetBucket*]',
        'AwsSolutions-IAM5[Action::s3:GetObject*]',
        'AwsSolutions-IAM5[Action::s3:List*]',
        'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
        'AwsSolutions-IAM5[Action::s3:Abort*]',
      );
      acknowledge(
        fn.role!,
        'Write access to our own single table, whose GSIs CDK includes in its grant (table-arn/index/*); it writes one item per upload.',
        tableIndexFinding(fn, props.table),
      );
      this.functions.set(name, fn);
    }
    this.tendNotificationsHandler();
    // The renditions of photos stored before there were any (lambdas/photos/photo-backfill.ts).
    startOneOffJob(this, 'StartRenditionsJob', {
      job: props.renditionsJob,
      name: 'renditions',
      run: RENDITIONS_RUN,
      after: [...this.functions.values()],
    });
  }

  /**
   * CDK's own handler that sets a bucket's notifications (one per stack), run only while
   * deploying: its log lines go to a log group of ours with a retention, like every Lambda's.
   */
  private tendNotificationsHandler(): void {
    const stack = Stack.of(this);
    const handler = stack.node.tryFindChild('BucketNotificationsHandler050a0587b7544547bf325f094a3db834');
    const fn = handler?.node.tryFindChild('Resource');
    if (!handler || !CfnResource.isCfnResource(fn)) throw new Error('BucketNotificationsHandler not found');
    const logs = new LogGroup(this, 'NotificationsHandlerLogs', {
      retention: LAMBDA_LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    fn.addPropertyOverride('LoggingConfig.LogGroup', logs.logGroupName);
    const reason =
      "CDK's own BucketNotificationsHandler, which runs only during deployment to set the photos bucket's event notification";
    acknowledgeCdkHandler(handler, reason, `s3:PutBucketNotification has no narrower resource form than CDK gives it.`);
  }
}
