/**
 * Cognito accounts. Custom attributes (orgId, admin, memberId, familyId) are written only here,
 * with admin credentials: no app client may write them.
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserAttributesCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { CUSTOM_ATTRIBUTES, type CustomAttribute } from '../../lib/settings';
import { cognito, userPoolId } from '../platform/aws/cognito';
import { deletePoolUser } from '../platform/aws/pool-users';
import { AppError } from '../core/errors';

export type CustomAttributes = Partial<Record<CustomAttribute, string>>;

const toAttributes = (custom: CustomAttributes): AttributeType[] =>
  Object.entries(custom).map(([name, value]) => ({ Name: `custom:${name}`, Value: value ?? '' }));

/**
 * Creates a confirmed account with a permanent password; its e-mail is verified when the caller
 * has proven it (a mailed code), else unverified. Answers the new user's id (the token's `sub`).
 * An existing account is never touched: its address answers `already-exists` before any password
 * is set.
 */
export async function createAccount(input: {
  email: string;
  name: string;
  password: string;
  custom: CustomAttributes;
  emailTakenMessage: string;
  emailVerified?: boolean;
}): Promise<string> {
  let userId: string | undefined;
  try {
    const { User } = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId(),
        Username: input.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: input.email },
          { Name: 'email_verified', Value: input.emailVerified ? 'true' : 'false' },
          { Name: 'name', Value: input.name },
          ...toAttributes(input.custom),
        ],
      }),
    );
    userId = User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? User?.Username;
  } catch (error) {
    if ((error as Error).name === 'UsernameExistsException') {
      throw new AppError('already-exists', input.emailTakenMessage);
    }
    if ((error as Error).name === 'InvalidPasswordException' || (error as Error).name === 'InvalidParameterException') {
      throw new AppError('invalid-argument', (error as Error).message);
    }
    throw error;
  }
  if (!userId) throw new Error('Cognito did not return the new user id');
  try {
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId(),
        Username: input.email,
        Password: input.password,
        Permanent: true,
      }),
    );
  } catch (error) {
    await deletePoolUser(input.email);
    if ((error as Error).name === 'InvalidPasswordException') {
      throw new AppError('invalid-argument', 'Password must be at least 6 characters long.');
    }
    throw error;
  }
  return userId;
}

/** Marks an address verified (demo accounts, test fixtures). cognito-local wants the e-mail sent with the flag. */
export async function markEmailVerified(email: string): Promise<void> {
  await cognito.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolId(),
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

export async function setCustomAttributes(username: string, custom: CustomAttributes): Promise<void> {
  await cognito.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolId(),
      Username: username,
      UserAttributes: toAttributes(custom),
    }),
  );
}

/** Takes the church claims off an account again, when the records they name could not be written. */
export async function clearCustomAttributes(username: string): Promise<void> {
  await cognito.send(
    new AdminDeleteUserAttributesCommand({
      UserPoolId: userPoolId(),
      Username: username,
      UserAttributeNames: CUSTOM_ATTRIBUTES.map((name) => `custom:${name}`),
    }),
  );
}
