/** The early reads' own script (earlyReads.ts): index.html loads it beside the app's first-load script. */
import { startEarlyReads } from './earlyReads';

try {
  startEarlyReads();
} catch {
  // No storage (a private window's settings) or an odd session: the app reads as it always does.
}
