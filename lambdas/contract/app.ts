/** The installed app: the platform an installed copy runs on, which its first start tells the server. */
import * as z from 'zod/mini';
import { APP_PLATFORMS, type AppPlatform } from './appPlatforms';

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
