/**
 * The route table. Every page is its own chunk, loaded by the router together with the page's
 * data: the loader starts the page's query at the moment of navigation, in parallel with the
 * chunk, and returns at once, so the page renders as soon as its code is there and shows its data
 * as soon as the answer arrives (no waterfall from chunk to effect to request).
 */
import type { ComponentType } from 'react';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router-dom';

type Queries = typeof import('../api/queries');
import { JOB_MESSAGES } from '@contract/jobTexts';
import { AdminRoute, ProtectedRoute, PublicOnlyRoute, SuperAdminRoute, UnknownRoute } from './guards';
import { mayReadDirectory, readAuthState } from '../lib/auth';
import { Root } from './Root';
import { PageLoader } from '../components/PageLoader';

/** A lazy page, with fixed props where one component serves two routes. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'];
function page<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, props: P): RouteObject['lazy'];
function page(load: () => Promise<{ default: ComponentType<object> }>, props: object = {}): RouteObject['lazy'] {
  return async () => {
    const { default: Page } = await load();
    return { element: <Page {...props} /> };
  };
}

/**
 * Starts loading the code of the page at `pathname` (and of the layouts around it) at start-up,
 * beside config.json and Amplify's code, instead of after them when the router first renders. The
 * router's own call later finds the modules loaded; a guard that turns the visitor away only means
 * a page's code was fetched for nothing.
 */
export function preloadPage(routes: RouteObject[], pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) if (typeof route.lazy === 'function') void route.lazy();
}

export function appRoutes(client: QueryClient): RouteObject[] {
  /**
   * Starts a directory read and lets the router go on: the page shows its own loading state until
   * the answer lands. Nothing is asked for a visitor whom the page's guard will turn away.
   */
  async function prefetch<T, K extends QueryKey>(read: (queries: Queries) => FetchQueryOptions<T, Error, T, K>) {
    // The query layer comes with the page's chunk, not in the first load; both load at once.
    const [queries, auth] = await Promise.all([import('../api/queries'), readAuthState(false)]);
    if (mayReadDirectory(auth)) void client.prefetchQuery(read(queries));
    return null;
  }

  /** A group's first page of members. */
  async function prefetchGroup({ params }: { params: { groupId?: string } }) {
    const [queries, auth] = await Promise.all([import('../api/queries'), readAuthState(false)]);
    if (mayReadDirectory(auth)) void client.prefetchInfiniteQuery(queries.groupQuery(params.groupId ?? ''));
    return null;
  }

  /** The Bible studies' first page (with the groups a study may be shared with), and the study the editor opens. */
  async function prefetchStudies({ params }: { params: { studyId?: string } }) {
    const [queries, auth] = await Promise.all([import('../api/queries'), readAuthState(false)]);
    if (!mayReadDirectory(auth)) return null;
    void client.prefetchInfiniteQuery(queries.studiesQuery());
    if (params.studyId) void client.prefetchQuery(queries.studyQuery(params.studyId));
    return null;
  }

  /** The family list's first page, from the letter the address names (?from=M) if any. */
  async function prefetchFamilies({ request }: { request: Request }) {
    const [queries, auth] = await Promise.all([import('../api/queries'), readAuthState(false)]);
    const from = new URL(request.url).searchParams.get('from');
    if (mayReadDirectory(auth)) void client.prefetchInfiniteQuery(queries.familiesQuery(from));
    return null;
  }

  /** The history's first page, for the filters the address names. */
  async function prefetchHistory(request: Request) {
    const [queries, auth] = await Promise.all([import('../api/queries'), readAuthState(false)]);
    const filters = queries.auditFiltersOf(new URL(request.url).searchParams);
    if (auth.isAdmin) void client.prefetchInfiniteQuery(queries.auditQuery(filters));
    return null;
  }

  /** The church a sign-up link names: public, so asked for whoever visits. */
  async function prefetchLinkedChurch({ params }: { params: { orgId?: string } }) {
    const queries = await import('../api/queries');
    if (params.orgId) void client.prefetchQuery(queries.organizationNameQuery(params.orgId));
    return null;
  }

  return [
    {
      element: <Root />,
      // Until the first page's code is there (and with it the first answer about the session).
      hydrateFallbackElement: <PageLoader text="Loading Application..." fullPage />,
      children: [
        {
          element: <PublicOnlyRoute />,
          children: [
            { index: true, lazy: page(() => import('../features/landing/LandingPage')) },
            { path: 'login', lazy: page(() => import('../features/auth/LoginPage')) },
            { path: 'forgot-password', lazy: page(() => import('../features/auth/ForgotPasswordPage')) },
          ],
        },
        { path: 'register-organization', lazy: page(() => import('../features/auth/RegisterOrganizationPage')) },
        { path: 'create-account', lazy: page(() => import('../features/auth/CreateAccountPage')) },
        // Not public-only: the page signs in itself once the code made the account, then finishes.
        { path: 'verify-address', lazy: page(() => import('../features/auth/VerifyAddressPage')) },
        {
          path: 'create-account/:orgId',
          lazy: page(() => import('../features/auth/CreateAccountPage')),
          loader: prefetchLinkedChurch,
        },
        { path: 'privacy', lazy: page(() => import('../features/info/PrivacyPage')) },
        { path: 'help', lazy: page(() => import('../features/info/HelpPage')) },
        {
          element: <ProtectedRoute />,
          children: [
            {
              // The directory's pages, for an account its church lists (the API decides; this shows why not).
              loader: () => prefetch((q) => q.meQuery()),
              lazy: page(() => import('../features/access/ListedGate')),
              children: [
                {
                  path: 'dashboard',
                  loader: () => prefetch((q) => q.dashboardQuery()),
                  lazy: page(() => import('../features/dashboard/DashboardPage')),
                },
                {
                  path: 'families',
                  loader: prefetchFamilies,
                  lazy: page(() => import('../features/families/FamiliesPage'), { view: 'list' as const }),
                },
                {
                  path: 'families/grid',
                  loader: prefetchFamilies,
                  lazy: page(() => import('../features/families/FamiliesPage'), { view: 'grid' as const }),
                },
                {
                  path: 'families/edit/:familyId',
                  loader: ({ params }) => prefetch((q) => q.familyQuery(params.familyId ?? '')),
                  lazy: page(() => import('../features/families/FamilyFormPage'), { mode: 'edit' as const }),
                },
                {
                  path: 'families/:familyId',
                  loader: ({ params }) => prefetch((q) => q.familyQuery(params.familyId ?? '')),
                  lazy: page(() => import('../features/families/FamilyDetailPage')),
                },
                {
                  path: 'families/:familyId/privacy',
                  loader: ({ params }) => prefetch((q) => q.familyQuery(params.familyId ?? '')),
                  lazy: page(() => import('../features/privacy/FamilyPrivacyPage')),
                },
                {
                  // No prefetch: coming from a family page, the family is chosen and no list is needed.
                  path: 'members/add',
                  lazy: page(() => import('../features/members/MemberFormPage'), { mode: 'add' as const }),
                },
                {
                  path: 'members/edit/:memberId',
                  loader: ({ params }) => prefetch((q) => q.memberQuery(params.memberId ?? '')),
                  lazy: page(() => import('../features/members/MemberFormPage'), { mode: 'edit' as const }),
                },
                {
                  path: 'groups',
                  loader: () => prefetch((q) => q.groupsQuery()),
                  lazy: page(() => import('../features/groups/GroupsPage')),
                },
                {
                  path: 'groups/:groupId',
                  loader: prefetchGroup,
                  lazy: page(() => import('../features/groups/GroupPage')),
                },
                {
                  // The group the address names, if any (?group=: a bookmarked "my small group").
                  path: 'map',
                  loader: ({ request }) =>
                    prefetch((q) => q.mapQuery(new URL(request.url).searchParams.get('group') ?? undefined)),
                  lazy: page(() => import('../features/map/MapPage')),
                },
                {
                  // Bible studies (the menu's Bible Studies): read by those they are shared with.
                  path: 'documents',
                  loader: prefetchStudies,
                  lazy: page(() => import('../features/studies/StudiesPage')),
                },
                {
                  // The groups a new study may be shared with come with the list.
                  path: 'documents/new',
                  loader: prefetchStudies,
                  lazy: page(() => import('../features/studies/StudyFormPage'), { mode: 'add' as const }),
                },
                {
                  path: 'documents/:studyId',
                  loader: ({ params }) => prefetch((q) => q.studyQuery(params.studyId ?? '')),
                  lazy: page(() => import('../features/studies/StudyPage')),
                },
                {
                  path: 'documents/:studyId/edit',
                  loader: prefetchStudies,
                  lazy: page(() => import('../features/studies/StudyFormPage'), { mode: 'edit' as const }),
                },
              ],
            },
            {
              path: 'profile',
              loader: () => prefetch((q) => q.meQuery()),
              lazy: page(() => import('../features/profile/ProfilePage')),
            },
          ],
        },
        {
          // Adding a family or a group is for administrators: others see Access Denied, not a form the API would refuse.
          element: <AdminRoute pageChecksOrg signedOutTo="/" />,
          children: [
            {
              path: 'families/add',
              lazy: page(() => import('../features/families/FamilyFormPage'), { mode: 'add' as const }),
            },
            { path: 'groups/add', lazy: page(() => import('../features/groups/AddGroupPage')) },
          ],
        },
        {
          element: <AdminRoute />,
          children: [
            {
              path: 'admin/users',
              lazy: page(() => import('../features/admin/UserManagementPage')),
            },
            {
              path: 'admin/privacy',
              loader: () => prefetch((q) => q.privacyDefaultsQuery()),
              lazy: page(() => import('../features/privacy/ChurchPrivacyPage')),
            },
            {
              path: 'admin/import-export',
              loader: async () => {
                await Promise.all([prefetch((q) => q.importQuery()), prefetch((q) => q.exportsQuery())]);
                return null;
              },
              lazy: page(() => import('../features/transfer/TransferPage')),
            },
            {
              path: 'admin/changes',
              loader: async () => {
                const [queries, auth] = await Promise.all([import('../api/queries'), readAuthState(false)]);
                if (auth.isAdmin) void client.prefetchInfiniteQuery(queries.changesQuery());
                return null;
              },
              lazy: page(() => import('../features/changes/ChangesPage')),
            },
            {
              path: 'admin/history',
              loader: ({ request }) => prefetchHistory(request),
              lazy: page(() => import('../features/audit/HistoryPage')),
            },
          ],
        },
        {
          element: <SuperAdminRoute deniedText={JOB_MESSAGES.reportDenied} />,
          children: [{ path: 'admin/data-audit', lazy: page(() => import('../features/admin/DataAuditPage')) }],
        },
        {
          element: <SuperAdminRoute deniedText={JOB_MESSAGES.orgDenied} />,
          children: [
            {
              path: 'admin/org',
              lazy: page(() => import('../features/admin/OrgManagementPage')),
            },
          ],
        },
        { path: '*', element: <UnknownRoute /> },
      ],
    },
  ];
}
