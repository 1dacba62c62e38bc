import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
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

  const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav__link nav__link--active' : 'nav__link');

  return (
    <header className="site-header">
      <nav className="nav" aria-label="Main">
        <RouterLink to={signedIn ? '/dashboard' : '/'} className="nav__brand">
          <Icon name="church" size={28} />
          <span>{APP_NAME}</span>
        </RouterLink>
        <button
          type="button"
          className="nav__toggle"
          aria-expanded={open}
          aria-controls="nav-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <span className="nav__toggle-bars" aria-hidden="true" />
          Menu
        </button>
        <div id="nav-menu" className={open ? 'nav__menu nav__menu--open' : 'nav__menu'}>
          {signedIn ? (
            <>
              <ul className="nav__links">
                <li>
                  <NavLink to="/dashboard" className={linkClass}>
                    Dashboard
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/families" className={linkClass}>
                    Families
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/groups" className={linkClass}>
                    Groups
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/map" className={linkClass}>
                    Map
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/documents" className={linkClass}>
                    Documents
                  </NavLink>
                </li>
                {auth.isAdmin && (
                  <>
                    <li>
                      <NavLink to="/admin/users" className={linkClass}>
                        User Management
                      </NavLink>
                    </li>
                    <li>
                      <NavLink to="/admin/privacy" className={linkClass}>
                        Privacy
                      </NavLink>
                    </li>
                  </>
                )}
                {superAdmin && (
                  <>
                    <li>
                      <NavLink to="/admin/data-audit" className={linkClass}>
                        Data Audit
                      </NavLink>
                    </li>
                    <li>
                      <NavLink to="/admin/org" className={linkClass}>
                        Organizations
                      </NavLink>
                    </li>
                  </>
                )}
              </ul>
              <ul className="nav__links nav__links--right">
                <li>
                  <NavLink to="/help" className={linkClass}>
                    Help
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/profile" className={linkClass}>
                    My Profile
                  </NavLink>
                </li>
                <li>
                  <button type="button" className="nav__logout" onClick={() => void onLogout()}>
                    Logout
                  </button>
                </li>
              </ul>
            </>
          ) : (
            <ul className="nav__links nav__links--right">
              <li>
                <NavLink to="/help" className={linkClass}>
                  Help
                </NavLink>
              </li>
              <li>
                <NavLink to="/login" className={linkClass}>
                  Sign In
                </NavLink>
              </li>
              <li>
                <NavLink to="/register-organization" className={linkClass}>
                  Register Your Church
                </NavLink>
              </li>
            </ul>
          )}
        </div>
      </nav>
    </header>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
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
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <NavBar />
      <main id="main" tabIndex={-1} className="site-main">
        <Suspense fallback={<PageLoader text="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
