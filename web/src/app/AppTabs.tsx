/**
 * The installed app's tabs on a phone: the directory's main places at the foot of the screen,
 * within reach of the thumb holding the phone, each a target of at least 44 px. Only in the
 * installed app (lib/installedApp.ts) on a narrow screen (AppTabs.module.css); a browser tab keeps
 * the menu at the top, as websites do.
 */
import { NavLink } from 'react-router-dom';
import { Icon, type IconName } from '../components/Icon';
import { cx } from '../lib/classNames';
import { isStandalone } from '../lib/installedApp';
import styles from './AppTabs.module.css';

const TABS: readonly { to: string; label: string; icon: IconName }[] = [
  { to: '/dashboard', label: 'Dashboard', icon: 'church' },
  { to: '/families', label: 'Families', icon: 'family' },
  { to: '/groups', label: 'Groups', icon: 'group' },
  { to: '/profile', label: 'Profile', icon: 'person' },
];

export function AppTabs() {
  if (!isStandalone()) return null;
  return (
    <nav className={styles.appTabs} aria-label="App">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          className={({ isActive }) => cx(styles.appTab, isActive && styles.appTabActive)}
        >
          <Icon name={tab.icon} size={24} />
          <span>{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
