import { Annotations, CfnOutput, CfnParameter, Stack, type StackProps } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import type { RouteDef } from '../lambdas/routes';
import { Api } from './api';
import { Auth, type ThreatProtection } from './auth';
import { Data } from './data';
import { Jobs } from './jobs';
import { Monitoring } from './monitoring';
import { MemberMaps } from './member-maps';
import { Migrations } from './migrations';
import { PhotoPipeline } from './photo-pipeline';
import { OriginSecret } from './origin-secret';
import { Site } from './site';
import { Storage } from './storage';

export interface DirectoryStackProps extends StackProps {
  /** Fixed super-admin e-mail. Undefined: a required `SuperAdminEmail` stack parameter instead. */
  readonly superAdminEmail?: string;
  /** Verified SES sender for Cognito and our own mails; undefined: Cognito's default sender. */
  readonly sesFromEmail?: string;
  /** Public URL of the site if it is not the CloudFront domain (a custom domain in front). */
  readonly appUrl?: string;
  /** ARN of the CLOUDFRONT-scope web ACL (WafStack, us-east-1). */
  readonly webAclArn: string;
  /** The built SPA directory (web/dist). */
  readonly webDistPath: string;
  /** Where alarms are mailed; undefined: the alarm topic has no subscriber. */
  readonly alarmEmail?: string;
  /** Cognito threat protection (context `threatProtection`); undefined: off. */
  readonly threatProtection?: ThreatProtection;
  /** The route manifest; tests may pass a larger one, production always uses lambdas/routes.ts. */
  readonly routes?: readonly RouteDef[];
}

/** The product in one region: identity, data, files, API, the CloudFront site and its monitoring. */
export class DirectoryStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly storage: Storage;
  readonly migrations: Migrations;
  readonly jobs: Jobs;
  readonly api: Api;
  readonly photoPipeline: PhotoPipeline;
  readonly site: Site;
  readonly memberMaps: MemberMaps;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: DirectoryStackProps) {
    super(scope, id, props);

    const superAdminEmail =
      props.superAdminEmail ??
      new CfnParameter(this, 'SuperAdminEmail', {
        type: 'String',
        description: 'E-mail address of the super-administrator (case-insensitive, must be verified).',
        allowedPattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
        constraintDescription: 'must be an e-mail address',
      }).valueAsString;

    if (!props.sesFromEmail) {
      // Our codes go through SES (accounts/accounts.ts): without a sender nobody can open an account.
      Annotations.of(this).addWarningV2(
        'church-directory:no-mail-sender',
        'No sesFromEmail: nobody can sign up or register a church, since the codes that open accounts are mailed through SES. Deploy with -c sesFromEmail=<a verified SES identity>.',
      );
    }
    this.auth = new Auth(this, 'Auth', {
      sesFromEmail: props.sesFromEmail,
      threatProtection: props.threatProtection,
    });
    this.data = new Data(this, 'Data');
    this.storage = new Storage(this, 'Storage');
    this.migrations = new Migrations(this, 'Migrations', {
      table: this.data.table,
      userPool: this.auth.userPool,
      superAdminEmail,
    });
    this.jobs = new Jobs(this, 'Jobs', {
      table: this.data.table,
      userPool: this.auth.userPool,
      photos: this.storage.photos,
      exports: this.storage.exports,
      superAdminEmail,
      mailFrom: props.sesFromEmail,
    });
    const originSecret = new OriginSecret(this, 'OriginSecret');
    let memberMaps: MemberMaps | undefined;
    this.api = new Api(this, 'Api', {
      originVerify: originSecret.value,
      table: this.data.table,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      photos: this.storage.photos,
      exports: this.storage.exports,
      superAdminEmail,
      mailFrom: props.sesFromEmail,
      jobs: this.jobs,
      routes: props.routes,
    });
    this.photoPipeline = new PhotoPipeline(this, 'PhotoPipeline', {
      table: this.data.table,
      photos: this.storage.photos,
      renditionsJob: this.jobs.stateMachines.get('photoRenditions')!,
    });
    this.site = new Site(this, 'Site', {
      originVerify: originSecret.value,
      siteBucket: this.storage.site,
      logBucket: this.storage.logs,
      httpApi: this.api.httpApi,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      webAclArn: props.webAclArn,
      webDistPath: props.webDistPath,
      superAdminEmail,
      photosBucket: this.storage.photos,
      mapStyle: (siteUrl) => {
        memberMaps = new MemberMaps(this, 'MemberMaps', {
          siteUrls: [...new Set([siteUrl, props.appUrl ?? siteUrl])],
          locationsJob: this.jobs.stateMachines.get('familyLocations')!,
          after: [this.jobs.functions.get('familyLocations.LocatePageFunctionArn')!],
        });
        return memberMaps.styleUrl;
      },
    });
    this.memberMaps = memberMaps!;

    this.monitoring = new Monitoring(this, 'Monitoring', {
      apiStage: this.api.stage,
      functions: new Map([...this.api.functions, ...this.jobs.functionsByName(), ...this.photoPipeline.functions]),
      table: this.data.table,
      stateMachines: this.jobs.stateMachines,
      alarmEmail: props.alarmEmail,
    });

    const appUrl = props.appUrl ?? this.site.url;
    this.api.setAppUrl(appUrl);
    this.jobs.setAppUrl(appUrl);
    this.storage.allowBrowserOrigin(appUrl);

    new CfnOutput(this, 'AppUrl', { value: appUrl });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: this.monitoring.dashboard.dashboardName });
    // The one-off job that makes renditions for photos stored before there were any (README, Deploy).
    new CfnOutput(this, 'PhotoRenditionsStateMachineArn', {
      value: this.jobs.stateMachines.get('photoRenditions')!.stateMachineArn,
    });
  }
}
