/** The user record's app link and the church's install counts (`iosInstalls`, `androidInstalls`), moved together. */
import { appPlatformOf, type AppPlatform } from '../../contract/appPlatforms';
import type { UserRecord } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import { ConditionFailed, transact, update } from '../../core/repos/transact';

export const installsAttribute = (platform: AppPlatform) => `${platform}Installs` as const;

/**
 * Links the account's app on `now`, if the record is still as read (a link that raced this one
 * leaves the counts to it: the refused write changes nothing).
 */
export async function linkAppTo(user: UserRecord, now: AppPlatform): Promise<void> {
  const { orgId, userId } = user;
  const was = appPlatformOf(user);
  const stillAsRead = was
    ? 'mobileAppLinked = :yes AND platform = :was'
    : '(attribute_not_exists(mobileAppLinked) OR mobileAppLinked = :no)';
  try {
    await transact(orgId, [
      {
        action: update(
          keys.user(orgId, userId),
          'SET platform = :now, mobileAppLinked = :yes',
          { ':now': now, ':yes': true, ...(was ? { ':was': user.platform } : { ':no': false }) },
          `attribute_exists(PK) AND ${stillAsRead}`,
        ),
      },
      {
        action: update(
          keys.org(orgId),
          was
            ? `ADD ${installsAttribute(now)} :one, ${installsAttribute(was)} :less`
            : `ADD ${installsAttribute(now)} :one`,
          { ':one': 1, ...(was ? { ':less': -1 } : {}) },
        ),
      },
    ]);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
}
