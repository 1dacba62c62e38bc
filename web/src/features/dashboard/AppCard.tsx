/**
 * The dashboard's app card, while the account has no installed app linked: the web app is the
 * mobile app. Where the browser can install it (Chrome on Android, and desktops), "Install" opens
 * the browser's own prompt; on an iPhone or iPad, Safari's Add to Home Screen steps, with the
 * buttons as Safari draws them. Opened from the home screen (standalone), it links the account
 * (linkApp), which ends the card for good.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useApiMutation } from '../../api/queries';
import { Icon } from '../../components/Icon';
import { PlainButton } from '../../components/PlainButton';
import { cx } from '../../lib/classNames';
import { canPrompt, devicePlatform, isStandalone, onPromptChange, promptInstall } from '../../lib/installedApp';
import styles from './AppCard.module.css';

export function AppCard() {
  const standalone = isStandalone();
  const platform = devicePlatform();
  const link = useApiMutation('linkApp');
  const promptable = useSyncExternalStore(onPromptChange, canPrompt);
  const [installed, setInstalled] = useState(false);

  useEffect(() => {
    // Once per start: the dashboard's own read then answers mobileAppLinked, and the card goes.
    if (standalone && platform) link.mutate({ body: { platform } });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (standalone) return null;
  return (
    <section className={styles.appCard} aria-labelledby="app-card-title">
      <span className={styles.appCardIcon}>
        <Icon name="phone" size={32} />
      </span>
      <div>
        <h2 id="app-card-title" className={cx(styles.appCardTitle, 'amplify-heading amplify-heading--2')}>
          Get the mobile app
        </h2>
        <p className={styles.appCardText}>
          Carry the directory in your pocket: install this app on your phone's home screen. It opens like any other app,
          and shows the directory even where there is no signal.
        </p>
        {installed ? (
          <p className={styles.appCardText} role="status">
            Installed. Open Church Directory from your home screen and sign in with this account.
          </p>
        ) : promptable ? (
          <PlainButton
            variation="primary"
            className={styles.appCardInstall}
            onClick={() => void promptInstall().then(setInstalled)}
          >
            Install
          </PlainButton>
        ) : platform === 'ios' ? (
          <ol className={styles.appCardSteps} aria-label="Add to Home Screen">
            <li>
              In Safari, tap the Share button <Icon name="share" size={20} /> in the toolbar.
            </li>
            <li>
              Scroll down and tap <strong>Add to Home Screen</strong> <Icon name="addSquare" size={20} />.
            </li>
            <li>
              Tap <strong>Add</strong>, then open Church Directory from your home screen.
            </li>
          </ol>
        ) : (
          <p className={styles.appCardText}>
            On your phone, open this page in Chrome (Android) or Safari (iPhone or iPad) to install it.
          </p>
        )}
      </div>
    </section>
  );
}
