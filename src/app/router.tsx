import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Guard, preloadShell, RequireSession, RootRedirect, SectionRedirect } from './guards';
import { NoRoutePage } from './no-route-page';
import { lazyNamed } from './lazy-named';

// Every screen is its own chunk; the login screen is app.tsx's (light start: a new device's login form at
// most 100 KB gzip of JavaScript).
const FirstLoginPage = lazyNamed(() => import('../features/auth/first-login-page'), 'FirstLoginPage');
const ResetPasswordPage = lazyNamed(
  () => import('../features/auth/reset-password-page'),
  'ResetPasswordPage',
);
const JournalPage = lazyNamed(() => import('../features/journal/journal-page'), 'JournalPage');
const ProfilesPage = lazyNamed(() => import('../features/profiles/profiles-page'), 'ProfilesPage');
const UsersPage = lazyNamed(() => import('../features/users/users-page'), 'UsersPage');
const InstitutesPage = lazyNamed(() => import('../features/settings/institutes-page'), 'InstitutesPage');
const LevelsPage = lazyNamed(() => import('../features/settings/levels-page'), 'LevelsPage');
const ClassesPage = lazyNamed(() => import('../features/settings/classes-page'), 'ClassesPage');
const CourseModulesPage = lazyNamed(
  () => import('../features/settings/course-modules-page'),
  'CourseModulesPage',
);
const AttendancePage = lazyNamed(() => import('../features/attendance/attendance-page'), 'AttendancePage');
const DataPage = lazyNamed(() => import('../features/settings/data-page'), 'DataPage');
const WorkloadPage = lazyNamed(() => import('../features/workload/workload-page'), 'WorkloadPage');
const VhContractsPage = lazyNamed(
  () => import('../features/contracts/vh/vh-contracts-page'),
  'VhContractsPage',
);
const CompliancePage = lazyNamed(
  () => import('../features/contracts/compliance/compliance-page'),
  'CompliancePage',
);
const MyContractPage = lazyNamed(
  () => import('../features/contracts/teacher-file/my-contract-page'),
  'MyContractPage',
);
const ImporterPage = lazyNamed(() => import('../features/planning/import/importer-page'), 'ImporterPage');
const HistoryPage = lazyNamed(() => import('../features/planning/history/history-page'), 'HistoryPage');
const ConsultPage = lazyNamed(() => import('../features/planning/consult/consult-page'), 'ConsultPage');
const ReschedulePage = lazyNamed(
  () => import('../features/planning/reschedule/reschedule-page'),
  'ReschedulePage',
);
const TeacherTodayPage = lazyNamed(
  () => import('../features/teacher/teacher-today-page'),
  'TeacherTodayPage',
);
const TeacherPlanningPage = lazyNamed(
  () => import('../features/teacher/teacher-planning-page'),
  'TeacherPlanningPage',
);
const TeacherWorkloadPage = lazyNamed(
  () => import('../features/teacher/teacher-workload-page'),
  'TeacherWorkloadPage',
);

/** Each guarded screen by its path, to start its download with the shell's (preloadScreenOf). */
const SCREENS: Record<string, { preload: () => void }> = {
  '/users': UsersPage,
  '/profiles': ProfilesPage,
  '/journal': JournalPage,
  '/settings/instituts': InstitutesPage,
  '/settings/niveaux': LevelsPage,
  '/settings/classes': ClassesPage,
  '/settings/modules': CourseModulesPage,
  '/settings/donnees': DataPage,
  '/planning/importer': ImporterPage,
  '/planning/consulter': ConsultPage,
  '/planning/reprogrammation': ReschedulePage,
  '/planning/historique': HistoryPage,
  '/workload': WorkloadPage,
  '/attendance': AttendancePage,
  '/contracts/vh': VhContractsPage,
  '/contracts/compliance': CompliancePage,
  '/teacher/today': TeacherTodayPage,
  '/teacher/planning': TeacherPlanningPage,
  '/teacher/workload': TeacherWorkloadPage,
  '/teacher/contract': MyContractPage,
};

/**
 * The screen of a path and the shell start downloading together, as the route opens: otherwise the screen's
 * chunk is asked for only once the shell's has arrived and drawn (one round trip after the other).
 */
function usePreloadScreen(pathname: string): void {
  useEffect(() => {
    const screen = SCREENS[pathname];
    if (!screen) return;
    preloadShell();
    screen.preload();
  }, [pathname]);
}

/** Route table of spec part 1 point 2. */
export function AppRoutes() {
  usePreloadScreen(useLocation().pathname);
  return (
    <Routes>
      {/* /login is drawn by app.tsx, before this table and the local database load. */}
      <Route path="/first-login" element={<FirstLoginPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route element={<RequireSession />}>
        <Route path="/" element={<RootRedirect />}>
          <Route index element={<NoRoutePage />} />
        </Route>
        <Route
          path="/users"
          element={
            <Guard path="/users">
              <UsersPage />
            </Guard>
          }
        />
        <Route
          path="/profiles"
          element={
            <Guard path="/profiles">
              <ProfilesPage />
            </Guard>
          }
        />
        <Route
          path="/journal"
          element={
            <Guard path="/journal">
              <JournalPage />
            </Guard>
          }
        />
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
        <Route
          path="/planning/importer"
          element={
            <Guard path="/planning/importer">
              <ImporterPage />
            </Guard>
          }
        />
        <Route
          path="/planning/consulter"
          element={
            <Guard path="/planning/consulter">
              <ConsultPage />
            </Guard>
          }
        />
        <Route
          path="/planning/reprogrammation"
          element={
            <Guard path="/planning/reprogrammation">
              <ReschedulePage />
            </Guard>
          }
        />
        <Route
          path="/planning/historique"
          element={
            <Guard path="/planning/historique">
              <HistoryPage />
            </Guard>
          }
        />
        <Route
          path="/workload"
          element={
            <Guard path="/workload">
              <WorkloadPage />
            </Guard>
          }
        />
        <Route
          path="/attendance"
          element={
            <Guard path="/attendance">
              <AttendancePage />
            </Guard>
          }
        />
        <Route path="/contracts" element={<SectionRedirect section="/contracts" />} />
        <Route
          path="/contracts/vh"
          element={
            <Guard path="/contracts/vh">
              <VhContractsPage />
            </Guard>
          }
        />
        <Route
          path="/contracts/compliance"
          element={
            <Guard path="/contracts/compliance">
              <CompliancePage />
            </Guard>
          }
        />
        <Route path="/teacher" element={<SectionRedirect section="/teacher" />} />
        <Route
          path="/teacher/today"
          element={
            <Guard path="/teacher/today">
              <TeacherTodayPage />
            </Guard>
          }
        />
        <Route
          path="/teacher/planning"
          element={
            <Guard path="/teacher/planning">
              <TeacherPlanningPage />
            </Guard>
          }
        />
        <Route
          path="/teacher/workload"
          element={
            <Guard path="/teacher/workload">
              <TeacherWorkloadPage />
            </Guard>
          }
        />
        <Route
          path="/teacher/contract"
          element={
            <Guard path="/teacher/contract">
              <MyContractPage />
            </Guard>
          }
        />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
