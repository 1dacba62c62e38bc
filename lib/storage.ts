import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
  type BucketProps,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { EXPORTS_PREFIX } from '../lambdas/book/bookKeys';
import { UPLOADS_PREFIX } from '../lambdas/photos/photo-keys';
import { EXPORT_KEPT_DAYS } from '../lambdas/contract/exports';

/**
 * How long a file under `exports/` stays downloadable: the page downloads it at once, and the
 * Import and export page says how long a church's CSV is kept. The church's printed book is kept
 * under `books/` instead, outside this rule: it stays until the next book succeeds, which deletes
 * it (lambdas/book/bookKeys.ts).
 */
export const EXPORT_RETENTION_DAYS = EXPORT_KEPT_DAYS;

/**
 * The buckets: photos (presigned browser uploads and reads), exports (each church's last printed
 * book, and short-lived exports), the SPA site bucket (read by CloudFront only), and one access-log
 * bucket for all of them and for CloudFront.
 */
export class Storage extends Construct {
  readonly logs: Bucket;
  readonly photos: Bucket;
  readonly exports: Bucket;
  readonly site: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    const common: BucketProps = {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: BucketEncryption.S3_MANAGED,
    };

    this.logs = new Bucket(this, 'Logs', {
      ...common,
      // CloudFront standard logs are delivered with an ACL grant, so ACLs must stay enabled here.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // The log bucket itself has no access log (logging it into itself would loop); cdk-nag's S1
    // accepts a bucket that receives other buckets' logs.

    const logged = (prefix: string): BucketProps => ({
      ...common,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: `s3/${prefix}/`,
    });

    this.photos = new Bucket(this, 'Photos', {
      ...logged('photos'),
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // The photo pipeline deletes each upload once handled; whatever it could not is gone in a day.
        { id: 'ExpireUploads', prefix: UPLOADS_PREFIX, expiration: Duration.days(1) },
      ],
      // Family and member photos are church data: keep them if the stack goes away.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.exports = new Bucket(this, 'Exports', {
      ...logged('exports'),
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'ExpireExports', prefix: EXPORTS_PREFIX, expiration: Duration.days(EXPORT_RETENTION_DAYS) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.site = new Bucket(this, 'Site', {
      ...logged('site'),
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /**
   * The browser uploads (presigned POST or PUT) and reads photos straight from S3, so the photos
   * bucket answers CORS for the site's origin only (exports: reads only). Called once the site's origin is known.
   */
  allowBrowserOrigin(origin: string): void {
    this.photos.addCorsRule({
      allowedOrigins: [origin],
      allowedMethods: [HttpMethods.GET, HttpMethods.HEAD, HttpMethods.PUT, HttpMethods.POST],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3600,
    });
    // The PDF is opened through a presigned GET; allow fetch() of it as well.
    this.exports.addCorsRule({
      allowedOrigins: [origin],
      allowedMethods: [HttpMethods.GET, HttpMethods.HEAD],
      allowedHeaders: ['*'],
      maxAge: 3600,
    });
  }
}
