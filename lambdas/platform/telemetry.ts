/**
 * Names shared by what the handlers emit (platform/log.ts, platform/metrics.ts) and what the CDK
 * monitoring graphs and alarms on (lib/monitoring.ts). Plain data: no Powertools or CDK imports.
 */

/** The `service` key of every log line and the `service` dimension of every metric. */
export const SERVICE_NAME = 'church-directory';

/** The CloudWatch namespace of our own (EMF) metrics. */
export const METRIC_NAMESPACE = 'ChurchDirectory';

/** Counts of what the product is used for, one data point per event, dimension `service` only. */
export const BUSINESS_METRICS = [
  'AccountsRequested',
  'AccountsOpened',
  'OrganizationsRegistered',
  'MembersSignedUp',
  'FamiliesAdded',
  'MembersAdded',
  'InvitationsSent',
  'InvitationsFailed',
  'PrivacyChanged',
  'DirectoryPdfsGenerated',
  'IntegrityReportsCompleted',
  'OrganizationsDeleted',
  'JobsFailed',
] as const;
export type BusinessMetric = (typeof BUSINESS_METRICS)[number];

/** Failed requests and job tasks, counted by the error code they answered (dimension `code`). */
export const ERROR_METRIC = 'Errors';
export const ERROR_CODE_DIMENSION = 'code';
