/**
 * Every environment variable a handler reads. CDK sets them on each function (lib/api.ts);
 * the local gateway sets them in its own process (lib/local/stack.ts). SDK endpoints are not
 * here: the SDK reads AWS_ENDPOINT_URL_<SERVICE> by itself, so no handler branches on "local".
 */
export const ENV_NAMES = [
  'TABLE_NAME',
  'USER_POOL_ID',
  'USER_POOL_CLIENT_ID',
  'SUPER_ADMIN_EMAIL',
  'PHOTOS_BUCKET',
  'EXPORTS_BUCKET',
  'MAIL_FROM',
  'APP_URL',
  /** The secret CloudFront sends the API with every request (platform/wiring/origin.ts). */
  'ORIGIN_VERIFY',
  /** The Step Functions state machines of the long jobs (lambdas/tasks/manifest.ts). */
  'INTEGRITY_REPORT_STATE_MACHINE_ARN',
  'ORG_DELETION_STATE_MACHINE_ARN',
  'PHOTO_CLEANUP_STATE_MACHINE_ARN',
  'PHOTO_RENDITIONS_STATE_MACHINE_ARN',
  'DIRECTORY_BOOK_STATE_MACHINE_ARN',
  'ACCOUNT_CLEANUP_STATE_MACHINE_ARN',
  'INVITATION_QUEUE_STATE_MACHINE_ARN',
  'CHURCH_EXPORT_STATE_MACHINE_ARN',
  'CHURCH_IMPORT_STATE_MACHINE_ARN',
  'FAMILY_LOCATIONS_STATE_MACHINE_ARN',
] as const;
export type EnvName = (typeof ENV_NAMES)[number];

export function env(name: EnvName): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`Missing environment variable ${name}`);
  return value;
}
