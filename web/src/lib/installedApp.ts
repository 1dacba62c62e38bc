/**
 * The installed app, as the browser tells it: whether this page runs from the home screen
 * (standalone display mode; iOS's own `navigator.standalone`), which platform it is on, and the
 * browser's install prompt. Chrome on Android fires `beforeinstallprompt` once, early, and only to
 * a listener already there: main.tsx imports this module first, and the event is kept until the
 * dashboard's card offers "Install".
 */
import type { AppPlatform } from '@contract/appPlatforms';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let promptEvent: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-infobar stays away: the dashboard's card asks instead.
    event.preventDefault();
    promptEvent = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    promptEvent = null;
    changed();
  });
}

/** Runs from the home screen, not in a browser tab. */
export function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** The phone's platform, from the browser's own words (iPadOS says Macintosh, with a touch screen). */
export function devicePlatform(
  userAgent = navigator.userAgent,
  touchPoints = navigator.maxTouchPoints,
): AppPlatform | null {
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1)) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  return null;
}

/** Whether the browser's install prompt waits to be shown. */
export const canPrompt = () => promptEvent !== null;

/** Follows canPrompt (for useSyncExternalStore). */
export function onPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install prompt; true when the person installed the app. */
export async function promptInstall(): Promise<boolean> {
  const event = promptEvent;
  if (!event) return false;
  promptEvent = null;
  changed();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}
