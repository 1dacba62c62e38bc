/** The installed app: the platform an installed copy runs on, which its first start tells the server. */
import * as z from 'zod/mini';

export const APP_PLATFORMS = ['ios', 'android'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

const PLATFORM_MESSAGE = 'Invalid data provided. platform must be ios or android.';

/** linkApp: the platform, compared case-insensitively ('iOS' is ios). */
export const LinkAppInput = z.object(
  {
    platform: z.pipe(
      z.string({ error: PLATFORM_MESSAGE }).check(z.trim(), z.toLowerCase()),
      z.enum(APP_PLATFORMS, { error: PLATFORM_MESSAGE }),
    ),
  },
  { error: PLATFORM_MESSAGE },
);

export interface LinkAppResult {
  success: true;
  platform: AppPlatform;
  mobileAppLinked: true;
}

/** Installed copies by platform: the super-admin's list of churches counts them. */
export type AppInstalls = Record<AppPlatform, number>;

/** The platform a user record's linked app runs on (null: no app linked). */
export function appPlatformOf(user: { platform: string | null; mobileAppLinked: boolean }): AppPlatform | null {
  const platform = user.platform?.toLowerCase();
  return user.mobileAppLinked && APP_PLATFORMS.includes(platform as AppPlatform) ? (platform as AppPlatform) : null;
}

/** The super-admin's list: a church's installs by platform, as "iOS 3, Android 5". */
export const installsText = (installs: AppInstalls) => `iOS ${installs.ios}, Android ${installs.android}`;
