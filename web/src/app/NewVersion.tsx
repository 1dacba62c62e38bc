/**
 * The service worker (web/pwa.ts) registered at start-up, and its news: when a new version has
 * been deployed, its worker waits, and this bar asks the person to reload (so no page is swapped
 * under someone typing). Reload hands control to the new worker, which reloads the page.
 */
import { useRegisterSW } from 'virtual:pwa-register/react';
import { PlainButton } from '../components/PlainButton';
import styles from './NewVersion.module.css';

export function NewVersion() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // This comes in a chunk after the first screen, often after the page's load event, which the
    // plugin would otherwise wait for (and so never register).
    immediate: true,
    // An installed app stays open for days: it asks for a new version every hour, not only when opened.
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update(), 60 * 60 * 1000);
    },
  });
  if (!needRefresh) return null;
  return (
    <div className={styles.newVersion} role="status">
      <span>New version available</span>
      <PlainButton variation="primary" onClick={() => void updateServiceWorker(true)}>
        Reload
      </PlainButton>
    </div>
  );
}
