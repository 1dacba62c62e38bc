/**
 * An account deleted, wherever that happens (an administrator's deletion, an unproven account
 * replaced or cleaned up, a church's deletion): its own items first (repos/accountItems.ts), then
 * the Cognito account with its refresh tokens revoked. In that order, a failure part-way leaves the
 * account, which the same deletion, run again, removes; never items without their account. Apart
 * from identity.ts, so that the bundles that delete hold no Cognito call they are not granted.
 */
import { deletePoolUser } from '../platform/aws/pool-users';
import { forgetAccountItems } from './repos/accountItems';

/**
 * `sub`: the account's user id (the key of its items); `username`: its name in the pool, when it is
 * not the sub. True when the Cognito account existed.
 */
export async function deleteAccount(account: { sub: string; username?: string }): Promise<boolean> {
  await forgetAccountItems(account.sub);
  return deletePoolUser(account.username ?? account.sub);
}
