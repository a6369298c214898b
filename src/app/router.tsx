import { Navigate, Route, Routes } from 'react-router-dom';
import type { GuardedPath } from '../domain/auth/routes';
import { FirstLoginPage } from '../features/auth/first-login-page';
import { LoginPage } from '../features/auth/login-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { fr } from '../i18n/fr';
import { Guard, RequireSession, RootRedirect, SectionRedirect, SignedOutOnly } from './guards';
import { NoRoutePage, PlaceholderPage } from './placeholder-page';

const screen = (path: GuardedPath, title: string) => (
  <Route
    key={path}
    path={path}
    element={
      <Guard path={path}>
        <PlaceholderPage title={title} />
      </Guard>
    }
  />
);

/** Route table of spec part 1 point 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <SignedOutOnly>
            <LoginPage />
          </SignedOutOnly>
        }
      />
      <Route path="/first-login" element={<FirstLoginPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route element={<RequireSession />}>
        <Route path="/" element={<RootRedirect />}>
          <Route index element={<NoRoutePage />} />
        </Route>
        {screen('/users', fr.tabs.users)}
        {screen('/profiles', fr.tabs.profiles)}
        {screen('/journal', fr.tabs.journal)}
        <Route path="/settings" element={<SectionRedirect section="/settings" />} />
        {screen('/settings/instituts', fr.tabs.instituts)}
        {screen('/settings/niveaux', fr.tabs.niveaux)}
        {screen('/settings/classes', fr.tabs.classes)}
        {screen('/settings/modules', fr.tabs.modules)}
        {screen('/settings/donnees', fr.tabs.donnees)}
        <Route path="/planning" element={<SectionRedirect section="/planning" />} />
        {screen('/planning/importer', fr.tabs.importer)}
        {screen('/planning/consulter', fr.tabs.consulter)}
        {screen('/planning/reprogrammation', fr.tabs.reprogrammation)}
        {screen('/planning/historique', fr.tabs.historique)}
        {screen('/workload', fr.sections.workload)}
        {screen('/attendance', fr.sections.attendance)}
        <Route path="/contracts" element={<SectionRedirect section="/contracts" />} />
        {screen('/contracts/vh', fr.tabs.vh)}
        {screen('/contracts/compliance', fr.tabs.compliance)}
        <Route path="/teacher" element={<SectionRedirect section="/teacher" />} />
        {screen('/teacher/today', fr.tabs.today)}
        {screen('/teacher/planning', fr.tabs.myPlanning)}
        {screen('/teacher/workload', fr.tabs.myHours)}
        {screen('/teacher/contract', fr.sections.teacherContract)}
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
