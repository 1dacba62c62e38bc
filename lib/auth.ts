import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  StringAttribute,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolEmail,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { COGNITO_MAIL, CUSTOM_ATTRIBUTES, USER_POOL_SETTINGS } from './settings';
import { acknowledge } from './nag';
import { PoolWaf } from './pool-waf';

/** Cognito's threat protection (a deploy option): `audit` records risky sign-ins, `enforced` also blocks them. */
export type ThreatProtection = 'audit' | 'enforced';

export interface AuthProps {
  /** Verified SES identity to send Cognito mail from; without it Cognito's own sender is used (low daily quota). */
  readonly sesFromEmail?: string;
  /** Unset: off, and the pool stays on the Lite plan; set, it needs (and moves the pool to) Plus. */
  readonly threatProtection?: ThreatProtection;
}

/**
 * The user pool: e-mail is the username. Accounts are made by our API (AdminCreateUser), never by
 * self sign-up, and the claims that grant access (custom:*) can be written only by the API's
 * IAM role, never by an app client: a signed-in user must not be able to make themselves admin.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthProps = {}) {
    super(scope, id);

    const customAttributes = Object.fromEntries(
      CUSTOM_ATTRIBUTES.map((name) => [name, new StringAttribute({ mutable: true, maxLen: 256 })]),
    );

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: false,
      autoVerify: { email: true },
      // A changed e-mail stays unverified (and the old one stays in use) until the code is entered:
      // the super-admin check relies on email_verified.
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      customAttributes,
      passwordPolicy: {
        minLength: USER_POOL_SETTINGS.passwordMinLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      // USER_POOL_SETTINGS.mfa: optional, authenticator app (TOTP) only.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true, email: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Lite: every feature the directory uses (e-mail sign-in, codes by mail, TOTP) at about a third of
      // Essentials' price per monthly active user, the largest part of what a church costs (docs/cost.md).
      // Threat protection, when an operator turns it on, is Plus's alone.
      featurePlan: props.threatProtection ? FeaturePlan.PLUS : FeaturePlan.LITE,
      ...(props.threatProtection
        ? {
            standardThreatProtectionMode:
              props.threatProtection === 'enforced'
                ? StandardThreatProtectionMode.FULL_FUNCTION
                : StandardThreatProtectionMode.AUDIT_ONLY,
          }
        : {}),
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: COGNITO_MAIL.verification.subject,
        emailBody: COGNITO_MAIL.verification.body,
      },
      email: props.sesFromEmail
        ? UserPoolEmail.withSES({ fromEmail: props.sesFromEmail, sesRegion: Stack.of(this).region })
        : UserPoolEmail.withCognito(),
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    new PoolWaf(this, 'PoolWaf', { userPool: this.userPool });

    const flows = new Set<string>(USER_POOL_SETTINGS.authFlows);
    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: {
        userPassword: flows.has('ALLOW_USER_PASSWORD_AUTH'),
        userSrp: flows.has('ALLOW_USER_SRP_AUTH'),
      },
      // The SPA signs in with our own screens; no hosted UI, no OAuth redirects (CDK's default adds
      // an implicit/code flow with an example.com callback).
      disableOAuth: true,
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.minutes(USER_POOL_SETTINGS.idTokenValidityMinutes),
      accessTokenValidity: Duration.minutes(USER_POOL_SETTINGS.idTokenValidityMinutes),
      refreshTokenValidity: Duration.days(USER_POOL_SETTINGS.refreshTokenValidityDays),
      readAttributes: new ClientAttributes()
        .withStandardAttributes({ email: true, emailVerified: true, fullname: true })
        .withCustomAttributes(...CUSTOM_ATTRIBUTES),
      // Set explicitly: CDK's default lets the client write every attribute, custom:* included.
      writeAttributes: new ClientAttributes().withStandardAttributes({ email: true, fullname: true }),
    });

    acknowledge(
      this.userPool,
      'The password rule is a minimum of 6 characters with no character classes; the web forms and the local pool enforce the same rule.',
      'AwsSolutions-COG1',
    );
    acknowledge(
      this.userPool,
      'MFA is optional (TOTP only) for members and church admins, whom a required second step would lock out of a church directory; the super-admin must have it: the API refuses the operator routes to an account without TOTP on.',
      'AwsSolutions-COG2',
    );
    if (!props.threatProtection)
      acknowledge(
        this.userPool,
        'Threat protection needs the Cognito Plus feature plan (about four times Lite per active user); it is a deploy option (-c threatProtection=audit|enforced). Off, the pool has a regional web ACL with rate rules per IP and for code mails (pool-waf.ts), and Cognito rate-limits sign-in attempts.',
        'AwsSolutions-COG8',
      );
  }
}
