import { lazy, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from '@aws-amplify/ui-react';
import { PageLoader } from '../components/PageLoader';
import { AuthProvider, useAuth } from './auth';
import { AdminRoute, ProtectedRoute, PublicOnlyRoute, SuperAdminRoute, UnknownRoute } from './guards';
import { JOB_MESSAGES } from '../../../lambdas/contract/jobTexts';
import { Layout } from './Layout';
import { theme } from './theme';

// Every page is its own chunk: the first load carries only the shell.
const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const RegisterOrganizationPage = lazy(() => import('../features/auth/RegisterOrganizationPage'));
const PrivacyPage = lazy(() => import('../features/info/PrivacyPage'));
const HelpPage = lazy(() => import('../features/info/HelpPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const FamiliesPage = lazy(() => import('../features/families/FamiliesPage'));
const FamilyDetailPage = lazy(() => import('../features/families/FamilyDetailPage'));
const FamilyFormPage = lazy(() => import('../features/families/FamilyFormPage'));
const MemberFormPage = lazy(() => import('../features/members/MemberFormPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const GroupsPage = lazy(() => import('../features/groups/GroupsPage'));
const AddGroupPage = lazy(() => import('../features/groups/AddGroupPage'));
const CreateAccountPage = lazy(() => import('../features/auth/CreateAccountPage'));
const UserManagementPage = lazy(() => import('../features/admin/UserManagementPage'));
const DataAuditPage = lazy(() => import('../features/admin/DataAuditPage'));
const OrgManagementPage = lazy(() => import('../features/admin/OrgManagementPage'));
const MapPage = lazy(() => import('../features/info/ComingSoon').then((m) => ({ default: m.MapPage })));
const DocumentsPage = lazy(() => import('../features/info/ComingSoon').then((m) => ({ default: m.DocumentsPage })));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <AuthProvider>{children}</AuthProvider>
    </ThemeProvider>
  );
}

export function AppRoutes() {
  const { loadingAuth } = useAuth();
  // Nothing renders before the first answer about the session.
  if (loadingAuth) return <PageLoader text="Loading Application..." fullPage />;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route element={<PublicOnlyRoute />}>
          <Route index element={<LandingPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
        </Route>
        <Route path="register-organization" element={<RegisterOrganizationPage />} />
        <Route path="create-account" element={<CreateAccountPage />} />
        <Route path="create-account/:orgId" element={<CreateAccountPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="help" element={<HelpPage />} />
        <Route element={<ProtectedRoute />}>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="families" element={<FamiliesPage view="list" />} />
          <Route path="families/grid" element={<FamiliesPage view="grid" />} />
          <Route path="families/edit/:familyId" element={<FamilyFormPage mode="edit" />} />
          <Route path="families/:familyId" element={<FamilyDetailPage />} />
          <Route path="members/add" element={<MemberFormPage mode="add" />} />
          <Route path="members/edit/:memberId" element={<MemberFormPage mode="edit" />} />
          <Route path="groups" element={<GroupsPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="map" element={<MapPage />} />
          <Route path="documents" element={<DocumentsPage />} />
        </Route>
        {/* Adding a family or a group is for administrators: others see Access Denied, not a form the API would refuse. */}
        <Route element={<AdminRoute pageChecksOrg />}>
          <Route path="families/add" element={<FamilyFormPage mode="add" />} />
          <Route path="groups/add" element={<AddGroupPage />} />
        </Route>
        <Route element={<AdminRoute />}>
          <Route path="admin/users" element={<UserManagementPage />} />
        </Route>
        <Route element={<SuperAdminRoute deniedText={JOB_MESSAGES.reportDenied} />}>
          <Route path="admin/data-audit" element={<DataAuditPage />} />
        </Route>
        <Route element={<SuperAdminRoute deniedText={JOB_MESSAGES.orgDenied} />}>
          <Route path="admin/org" element={<OrgManagementPage />} />
        </Route>
        <Route path="*" element={<UnknownRoute />} />
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
