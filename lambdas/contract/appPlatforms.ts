/**
 * The platforms an installed app runs on, and how a user record names its own (no zod: the
 * account repositories and the super-admin's page import it, and neither needs the input schema).
 */
export const APP_PLATFORMS = ['ios', 'android'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/** Installed copies by platform: the super-admin's list of churches counts them. */
export type AppInstalls = Record<AppPlatform, number>;

/** The platform a user record's linked app runs on (null: no app linked), compared case-insensitively. */
export function appPlatformOf(user: { platform: string | null; mobileAppLinked: boolean }): AppPlatform | null {
  const platform = user.platform?.toLowerCase();
  return user.mobileAppLinked && APP_PLATFORMS.includes(platform as AppPlatform) ? (platform as AppPlatform) : null;
}

/** The super-admin's list: a church's installs by platform, as "iOS 3, Android 5". */
export const installsText = (installs: AppInstalls) => `iOS ${installs.ios}, Android ${installs.android}`;
