import { useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { GUARDED_PATHS, isGuardedPath, SECTION_HOMES, type GuardedPath } from '../domain/auth/paths';
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

/**
 * Each guarded screen by its path (spec part 1 point 2; the paths come from the one table,
 * domain/auth/paths.ts): its route below, drawn behind its Guard, and its download started with the shell's
 * as the route opens (usePreloadScreen).
 */
const SCREENS: Record<GuardedPath, ComponentType & { preload: () => void }> = {
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
  useEffect(() => preloadScreenOf(pathname), [pathname]);
}

/** Starts downloading the shell and the screen of a guarded path (nothing for any other path). */
export function preloadScreenOf(pathname: string): void {
  const screen = isGuardedPath(pathname) ? SCREENS[pathname] : null;
  if (!screen) return;
  preloadShell();
  screen.preload();
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
        {GUARDED_PATHS.map((path) => {
          const Screen = SCREENS[path];
          return (
            <Route
              key={path}
              path={path}
              element={
                <Guard path={path}>
                  <Screen />
                </Guard>
              }
            />
          );
        })}
        {SECTION_HOMES.map((home) => (
          <Route key={home} path={home} element={<SectionRedirect section={home} />} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
