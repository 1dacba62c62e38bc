/**
 * Over every page while what it shows came from the offline copy: the person knows the directory
 * may have changed since, and when it was copied.
 */
import { useSyncExternalStore } from 'react';
import { formatDateTime } from '../lib/format';
import { copyShownAsOf, onCopyShown } from './status';
import styles from './OfflineBanner.module.css';

export const offlineBannerText = (asOf: number) => `Offline: showing the directory as of ${formatDateTime(asOf)}`;

export function OfflineBanner() {
  const asOf = useSyncExternalStore(onCopyShown, copyShownAsOf, () => null);
  if (asOf === null) return null;
  return (
    <p className={styles.offlineBanner} role="status">
      {offlineBannerText(asOf)}
    </p>
  );
}
