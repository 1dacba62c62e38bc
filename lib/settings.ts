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
  /**
   * The deployed client signs in by SRP only: the password never leaves the browser. The local
   * pool has no SRP, so its client also allows USER_PASSWORD_AUTH (LOCAL_SIGN_IN_FLOW); which one
   * the app uses comes with its runtime config (WebConfig.signInFlow), never from a code branch.
   */
  authFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  /**
   * Token lifetimes (docs/runbook.md "Accounts"): ID and access tokens an hour, so a removed right
   * or a deleted account can outlive its token by an hour at most (the API re-reads the user record
   * on every request anyway); the refresh token 30 days, so a member signs in about once a month.
   */
  idTokenValidityMinutes: 60,
  refreshTokenValidityDays: 30,
  /**
   * Two-step sign-in: each user may turn on a TOTP authenticator app (never SMS); the super-admin
   * must (the API refuses its routes until it is on, lambdas/platform/wiring/operatorMfa.ts).
   */
  mfa: 'OPTIONAL',
} as const;

export const clientReadAttributeNames = (): string[] => [
  ...USER_POOL_SETTINGS.clientReadAttributes,
  ...CUSTOM_ATTRIBUTES.map((a) => `custom:${a}`),
];

export type SignInFlow = 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
/** The local pool's sign-in: cognito-local implements no SRP. */
export const LOCAL_SIGN_IN_FLOW = 'USER_PASSWORD_AUTH' satisfies SignInFlow;

/** The runtime configuration the SPA loads from /config.json (written by CDK or the local gateway). */
export interface WebConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Only set locally: the compatibility proxy in front of cognito-local, on the gateway's origin. */
  userPoolEndpoint?: string;
  /** How the app signs in: SRP in AWS; password auth only against the local pool, which has no SRP. */
  signInFlow: SignInFlow;
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
  /**
   * The map page's MapLibre style: Amazon Location's Maps v2 style with the deployment's API key
   * (lib/member-maps.ts), or locally the gateway's outline style, drawn with no tiles.
   */
  mapStyle: string;
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
