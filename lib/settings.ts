/**
 * Settings shared by the CDK constructs (production) and the local stack, so that the local
 * user pool and table are made exactly like the deployed ones. Plain data: no CDK or SDK imports.
 */

/** Custom attributes carried in the ID token as `custom:<name>`. No app client may write them. */
export const CUSTOM_ATTRIBUTES = ['orgId', 'admin', 'memberId', 'familyId'] as const;
export type CustomAttribute = (typeof CUSTOM_ATTRIBUTES)[number];

export const USER_POOL_SETTINGS = {
  /** E-mail is the username; sign-in is case-insensitive. */
  usernameAttribute: 'email',
  /** Passwords have at least 6 characters and no required character classes. */
  passwordMinLength: 6,
  /** Standard attributes the app client may read and write. Custom ones: read only. */
  clientWriteAttributes: ['email', 'name'],
  clientReadAttributes: ['email', 'email_verified', 'name'],
  /** USER_PASSWORD_AUTH because the local pool has no SRP; SRP stays allowed for other clients. */
  authFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  idTokenValidityMinutes: 60,
  refreshTokenValidityDays: 30,
} as const;

export const clientReadAttributeNames = (): string[] => [
  ...USER_POOL_SETTINGS.clientReadAttributes,
  ...CUSTOM_ATTRIBUTES.map((a) => `custom:${a}`),
];

/** The runtime configuration the SPA loads from /config.json (written by CDK or the local gateway). */
export interface WebConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Only set locally: the compatibility proxy in front of cognito-local, on the gateway's origin. */
  userPoolEndpoint?: string;
  /** Where the API lives; '' means the same origin (CloudFront or the local gateway). */
  apiBase: string;
  /** Only set locally: link to the local mailbox page. */
  mailboxUrl?: string;
  /**
   * The configured super-admin address (the super-admin pages' gate: they compare the signed-in
   * e-mail with it, case-insensitively). It only shapes the screens: the API decides on each call.
   */
  superAdminEmail?: string;
  /**
   * Where the photos' presigned URLs point (the photos bucket's address): the app opens a
   * connection to it at start-up, so the first photo on a page does not wait for one.
   */
  photosOrigin?: string;
}

/**
 * The texts of the mails Cognito sends (code verification, password reset). CDK sets them on the
 * pool; the local stack's mailbox writes the same ones. `{####}` is Cognito's code placeholder.
 */
export const COGNITO_MAIL = {
  verification: {
    subject: 'Your church directory verification code',
    body: 'Welcome to the church directory. Your verification code is {####}. Enter it on the Email Verification screen to finish setting up your account.',
  },
  passwordReset: {
    subject: 'Reset your church directory password',
    body: 'We received a request to reset your password. Your code is {####}. If you did not ask for this, you can ignore this email.',
  },
} as const;
