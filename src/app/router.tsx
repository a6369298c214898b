import { Navigate, Route, Routes } from 'react-router-dom';
import type { GuardedPath } from '../domain/auth/routes';
import { FirstLoginPage } from '../features/auth/first-login-page';
import { AttendancePage } from '../features/attendance/attendance-page';
import { LoginPage } from '../features/auth/login-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { ClassesPage } from '../features/settings/classes-page';
import { CourseModulesPage } from '../features/settings/course-modules-page';
import { DataPage } from '../features/settings/data-page';
import { InstitutesPage } from '../features/settings/institutes-page';
import { LevelsPage } from '../features/settings/levels-page';
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
        <Route
          path="/settings/instituts"
          element={
            <Guard path="/settings/instituts">
              <InstitutesPage />
            </Guard>
          }
        />
        <Route
          path="/settings/niveaux"
          element={
            <Guard path="/settings/niveaux">
              <LevelsPage />
            </Guard>
          }
        />
        <Route
          path="/settings/classes"
          element={
            <Guard path="/settings/classes">
              <ClassesPage />
            </Guard>
          }
        />
        <Route
          path="/settings/modules"
          element={
            <Guard path="/settings/modules">
              <CourseModulesPage />
            </Guard>
          }
        />
        <Route
          path="/settings/donnees"
          element={
            <Guard path="/settings/donnees">
              <DataPage />
            </Guard>
          }
        />
        <Route path="/planning" element={<SectionRedirect section="/planning" />} />
        {screen('/planning/importer', fr.tabs.importer)}
        {screen('/planning/consulter', fr.tabs.consulter)}
        {screen('/planning/reprogrammation', fr.tabs.reprogrammation)}
        {screen('/planning/historique', fr.tabs.historique)}
        {screen('/workload', fr.sections.workload)}
        <Route
          path="/attendance"
          element={
            <Guard path="/attendance">
              <AttendancePage />
            </Guard>
          }
        />
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
