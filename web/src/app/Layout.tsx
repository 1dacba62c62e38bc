import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  Link as RouterLink,
  NavLink,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router-dom';
import { Icon } from '../components/Icon';
import { PageLoader } from '../components/PageLoader';
import { APP_NAME } from '../lib/usePageTitle';
import { useAuth } from '../lib/auth';
import { useIsSuperAdmin } from '../lib/superAdmin';
import { cx } from '../lib/classNames';
import { OfflineBanner } from '../offline/OfflineBanner';
import { AppTabs } from './AppTabs';
import { OfflineCopy } from '../offline/OfflineCopy';
import styles from './Layout.module.css';

/** Who a link of the menu is for. */
type Audience = 'directory' | 'member' | 'admin' | 'superAdmin' | 'signedOut' | 'everyone';

interface MenuLink {
  to: string;
  label: string;
  for: Audience;
}

/** The menu, in order: the left group, then the right group (with Logout after it when signed in). */
const MENU: { left: readonly MenuLink[]; right: readonly MenuLink[] } = {
  left: [
    { to: '/dashboard', label: 'Dashboard', for: 'directory' },
    { to: '/families', label: 'Families', for: 'directory' },
    { to: '/groups', label: 'Groups', for: 'directory' },
    { to: '/map', label: 'Map', for: 'member' },
    { to: '/documents', label: 'Bible Studies', for: 'directory' },
    { to: '/admin/users', label: 'User Management', for: 'admin' },
    { to: '/admin/privacy', label: 'Privacy', for: 'admin' },
    { to: '/admin/import-export', label: 'Import/Export', for: 'admin' },
    { to: '/admin/changes', label: 'Changes', for: 'admin' },
    { to: '/admin/data-audit', label: 'Data Audit', for: 'superAdmin' },
    { to: '/admin/org', label: 'Organizations', for: 'superAdmin' },
  ],
  right: [
    { to: '/help', label: 'Help', for: 'everyone' },
    { to: '/profile', label: 'My Profile', for: 'member' },
    { to: '/login', label: 'Sign In', for: 'signedOut' },
    { to: '/register-organization', label: 'Register Your Church', for: 'signedOut' },
  ],
};

/** The service worker's registration comes after the first screen, in a chunk of its own (workbox-window). */
const NewVersion = lazy(() => import('./NewVersion').then((m) => ({ default: m.NewVersion })));
/** Beside "Changes": how many wait (admins). */
const WaitingCount = lazy(() => import('./WaitingCount').then((m) => ({ default: m.WaitingCount })));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? cx(styles.navLink, styles.navLinkActive) : styles.navLink;

export function NavBar() {
  const auth = useAuth();
  const superAdmin = useIsSuperAdmin();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const signedIn = auth.currentUser !== null;

  // Close the small-screen menu after every navigation.
  useEffect(() => setOpen(false), [location.pathname]);

  async function onLogout() {
    await auth.signOut();
    navigate('/', { replace: true });
  }

  const sees: Record<Audience, boolean> = {
    everyone: true,
    signedOut: !signedIn,
    member: signedIn,
    // The super-administrator in no church's directory: those pages would only lead back to the organisations.
    directory: signedIn && (!superAdmin || auth.isAdmin || auth.userMidClaim !== ''),
    admin: signedIn && auth.isAdmin,
    superAdmin: signedIn && superAdmin,
  };
  const links = (group: readonly MenuLink[]) =>
    group
      .filter((link) => sees[link.for])
      .map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className={linkClass}>
            {link.label}
            {link.to === '/admin/changes' && (
              <Suspense fallback={null}>
                <WaitingCount />
              </Suspense>
            )}
          </NavLink>
        </li>
      ));

  return (
    <header className={styles.siteHeader}>
      <nav className={styles.nav} aria-label="Main">
        <RouterLink to={signedIn ? '/dashboard' : '/'} className={styles.navBrand}>
          <Icon name="church" size={28} />
          <span>{APP_NAME}</span>
        </RouterLink>
        <button
          type="button"
          className={styles.navToggle}
          aria-expanded={open}
          aria-controls="nav-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <span className={styles.navToggleBars} aria-hidden="true" />
          Menu
        </button>
        <div id="nav-menu" className={open ? cx(styles.navMenu, styles.navMenuOpen) : styles.navMenu}>
          {signedIn && <ul className={styles.navLinks}>{links(MENU.left)}</ul>}
          <ul className={cx(styles.navLinks, styles.navLinksRight)}>
            {links(MENU.right)}
            {signedIn && (
              <li>
                <button type="button" className={styles.navLogout} onClick={() => void onLogout()}>
                  Logout
                </button>
              </li>
            )}
          </ul>
        </div>
      </nav>
      {sees.directory && <AppTabs />}
    </header>
  );
}

export function Footer() {
  return (
    <footer className={styles.siteFooter}>
      <div className={styles.siteFooterInner}>
        <span>
          © {new Date().getFullYear()} {APP_NAME}
        </span>
        <nav aria-label="Footer">
          <RouterLink to="/privacy">Privacy Policy</RouterLink>
          <RouterLink to="/help">Help</RouterLink>
        </nav>
      </div>
    </footer>
  );
}

/**
 * After a route change, move focus to the new page's heading so keyboard and screen-reader users
 * start there, at the top of a new page; going back keeps the place ScrollRestoration puts back.
 */
function useFocusOnRouteChange() {
  const { pathname } = useLocation();
  const back = useNavigationType() === 'POP';
  const first = useRef(true);
  /** The page on screen, set as it is committed (a layout effect), before this hook's effects are cleaned up. */
  const onScreen = useRef(pathname);
  useLayoutEffect(() => {
    onScreen.current = pathname;
  }, [pathname]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Lazy pages mount a moment later: try again briefly until the heading exists.
    let tries = 0;
    const id = setInterval(() => {
      // The next page may be committed before this effect is cleaned up (a Back while this page's
      // heading is awaited): its own effect decides, or this one would focus its heading and
      // scroll it to the top after ScrollRestoration put it back.
      if (onScreen.current !== pathname) return clearInterval(id);
      const target = document.querySelector<HTMLElement>('#main .page-title') ?? null;
      if (target || ++tries > 20) {
        clearInterval(id);
        (target ?? document.getElementById('main'))?.focus({ preventScroll: back });
        if (!back) window.scrollTo(0, 0);
      }
    }, 50);
    return () => clearInterval(id);
  }, [pathname, back]);
}

export function Layout() {
  useFocusOnRouteChange();
  return (
    <div className={styles.appShell}>
      <a className={styles.skipLink} href="#main">
        Skip to main content
      </a>
      <NavBar />
      <main id="main" tabIndex={-1} className={styles.siteMain}>
        <OfflineBanner />
        <Suspense fallback={<PageLoader text="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Suspense fallback={null}>
        <NewVersion />
      </Suspense>
      <OfflineCopy />
      <ScrollRestoration />
    </div>
  );
}
