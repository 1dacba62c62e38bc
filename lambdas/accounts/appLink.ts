/**
 * The installed app links itself: on its first start in standalone display mode (the home-screen
 * copy, not a browser tab) it tells the server its platform, which the user record keeps with
 * `mobileAppLinked`, so the dashboard stops offering the app. The church counts its installs by
 * platform on its own item, in the same transaction, so the super-admin's list reads them with
 * the churches. Linking again on the same platform changes nothing; on the other platform it moves
 * the install from one count to the other.
 */
import type { LinkAppResult } from '../contract/app';
import { appPlatformOf, type AppPlatform } from '../contract/appPlatforms';
import type { Principal } from '../core/principal';
import { linkAppTo } from './repos/appLink';

export async function linkApp(principal: Principal, platform: AppPlatform): Promise<LinkAppResult> {
  const user = principal.user!;
  if (appPlatformOf(user) !== platform) await linkAppTo(user, platform);
  return { success: true, platform, mobileAppLinked: true };
}
