import fs from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { ORIGIN_VERIFY_HEADER } from '../lambdas/platform/wiring/origin';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { WebConfig } from './settings';
import { LAMBDA_LOG_RETENTION } from './lambda-function';
import { acknowledge, acknowledgeCdkHandler } from './nag';

/**
 * Viewer-request rewrite on the site behaviour only: a path whose last segment has no dot is an
 * SPA route (/families/123) and gets the app shell. Unlike CloudFront error responses, this does
 * not touch /api/*, so an API 404 or 403 stays an API answer.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * Content-Security-Policy for the SPA. connect-src: our origin, Cognito and S3 (presigned
 * uploads) in any region, and AWS WAF's token endpoints. img-src allows https: because a
 * family's photo may be an absolute http(s) URL instead of a storage path.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://*.awswaf.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://*.amazonaws.com https://*.awswaf.com",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

export interface SiteProps {
  /** The secret sent to the API with every request (lib/origin-secret.ts). */
  readonly originVerify: string;
  readonly siteBucket: IBucket;
  readonly logBucket: IBucket;
  readonly httpApi: HttpApi;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** ARN of the CLOUDFRONT-scope web ACL (us-east-1). */
  readonly webAclArn: string;
  /** The built SPA (web/dist); must contain index.html. */
  readonly webDistPath: string;
  /** The super-admin address, for the SPA's super-admin screens (config.json). */
  readonly superAdminEmail?: string;
  /** The photos bucket: the SPA connects to its address early (config.json photosOrigin). */
  readonly photosBucket: IBucket;
  /** The member map's style (config.json mapStyle), given the site's URL its key is restricted to (lib/member-maps.ts). */
  readonly mapStyle: (siteUrl: string) => string;
}

/** CloudFront in front of the SPA (S3, OAC) and the API (/api/*), one origin for both. */
export class Site extends Construct {
  readonly distribution: Distribution;
  /** https://<distribution domain> */
  readonly url: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const stack = Stack.of(this);

    if (!fs.existsSync(path.join(props.webDistPath, 'index.html'))) {
      throw new Error(
        `The SPA build is missing: ${path.join(props.webDistPath, 'index.html')} does not exist. Run \`npm run build\` first.`,
      );
    }

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Church directory security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          preload: false,
          override: true,
        },
        xssProtection: { protection: false, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true },
        ],
      },
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for SPA routes (paths without a file extension)',
    });

    const apiOrigin = new HttpOrigin(`${props.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      readTimeout: Duration.seconds(30),
      // Over any header of that name a viewer sends: CloudFront's own value wins.
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerify },
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Church directory',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything but Host (API Gateway routes on its own host name); Authorization included.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
      },
    });
    this.url = `https://${this.distribution.distributionDomainName}`;

    acknowledge(
      this.distribution,
      'The directory serves churches wherever their members are; there is no country to exclude.',
      'AwsSolutions-CFR1',
    );
    acknowledge(
      this.distribution,
      'The distribution uses the default *.cloudfront.net certificate, for which CloudFront fixes the viewer TLS policy; a custom domain with its own certificate (and TLSv1.2_2021) can be added per deployment.',
      'AwsSolutions-CFR4',
    );

    const runtimeConfig: WebConfig = {
      region: stack.region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      signInFlow: 'USER_SRP_AUTH',
      apiBase: '',
      ...(props.superAdminEmail ? { superAdminEmail: props.superAdminEmail } : {}),
      // The address the presigned photo URLs use (lambdas/platform/aws/s3-presign.ts: virtual-hosted, regional).
      photosOrigin: `https://${props.photosBucket.bucketRegionalDomainName}`,
      mapStyle: props.mapStyle(this.url),
    };
    // Source maps stay out of the public bucket.
    const webBuild = Source.asset(props.webDistPath, { exclude: ['**/*.map', '.vite'] });
    // The deployments' shared handler logs here (one group for both), kept like our Lambdas' logs.
    const deployLogs = new LogGroup(this, 'DeployLogs', {
      retention: LAMBDA_LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // Vite writes content-hashed files under assets/: cache them for good, and upload them
    // before the shell so a new index.html never points at files not yet there. No prune: a
    // browser still running the previous build may lazy-load its old chunks.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [webBuild],
      destinationBucket: props.siteBucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      memoryLimit: 512,
      logGroup: deployLogs,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
    });
    // Everything else (index.html, config.json, favicon...) is revalidated on every load.
    const shell = new BucketDeployment(this, 'DeployShell', {
      sources: [webBuild, Source.jsonData('config.json', runtimeConfig)],
      destinationBucket: props.siteBucket,
      exclude: ['assets/*'],
      prune: false,
      memoryLimit: 512,
      logGroup: deployLogs,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    shell.node.addDependency(assets);

    // Both deployments share CDK's singleton handler function and role.
    const handlerRole = shell.handlerRole;
    const handlerFunction = handlerRole.node.scope;
    if (!handlerFunction) throw new Error('BucketDeployment handler function not found');
    const reason =
      "CDK's own BucketDeployment handler, which runs only during deployment to copy the SPA build into the site bucket and invalidate CloudFront";
    acknowledgeCdkHandler(
      handlerRole,
      reason,
      `CDK grants it the s3 action families on the bootstrap asset bucket and the site bucket, and cloudfront:CreateInvalidation (which has no resource-level form).`,
    );
    acknowledge(
      handlerFunction,
      `${reason}: its runtime is chosen and updated by aws-cdk-lib, not by us.`,
      'AwsSolutions-L1',
    );
  }
}
