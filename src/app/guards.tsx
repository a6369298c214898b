import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../db/database';
import { canOpen, postLoginRoute, sectionDefault, type GuardedPath } from '../domain/auth/routes';
import type { SessionInfo } from '../session/session';
import { fr } from '../i18n/fr';
import { useSession } from '../session/use-session';
import { lazyNamed } from './lazy-named';

// The signed-in shell (menus, dialogs, notifications) is not needed by the login screen.
const Shell = lazyNamed(() => import('./shell/shell'), 'Shell');

export const preloadShell = Shell.preload;

/** Signed-in area: unauthenticated -> /login; a pending forced change -> /first-login; then the shell. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <p className="page-loading">{fr.app.loading}</p>;
  if (session.status === 'signed-out')
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (session.loginMode === 'password' && session.user.mustChangePassword)
    return <Navigate to="/first-login" replace />;
  return (
    <Suspense fallback={<p className="page-loading">{fr.app.loading}</p>}>
      <Shell session={session} />
    </Suspense>
  );
}

export function Forbidden() {
  return (
    <p className="forbidden" role="alert">
      {fr.app.forbidden}
    </p>
  );
}

/** A guarded route: the screen, or "Accès non autorisé" without its module (spec part 1 point 2). */
export function Guard({ path, children }: { path: GuardedPath; children: ReactNode }) {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return canOpen(path, { granted: session.granted, loginMode: session.loginMode }) ? (
    <>{children}</>
  ) : (
    <Forbidden />
  );
}

/** Empty section paths open the section's first permitted tab. */
export function SectionRedirect({ section }: { section: string }) {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  const target = sectionDefault(section, { granted: session.granted, loginMode: session.loginMode });
  return target ? <Navigate to={target} replace /> : <Forbidden />;
}

/** "/": the landing route of the session, or the login screen. */
export function RootRedirect() {
  const session = useSession();
  if (session.status === 'loading') return <p className="page-loading">{fr.app.loading}</p>;
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return <SignedInLanding session={session} />;
}

/**
 * The same destination as right after sign-in (spec part 1 point 4 and the teacher routing rule of part 2
 * point 4), so a reload or a visit to "/" never lets a teacher skip the contract file.
 */
function SignedInLanding({ session }: { session: SessionInfo }) {
  const hasValidatedFile = useLiveQuery(
    async () =>
      (
        await appDb().teacherContractSubmissions.where('teacherUserId').equals(session.user.id).toArray()
      ).some((f) => f.status === 'validated'),
    [session.user.id],
  );
  if (hasValidatedFile === undefined) return <p className="page-loading">{fr.app.loading}</p>;
  const target = postLoginRoute({
    access: { granted: session.granted, loginMode: session.loginMode },
    mustChangePassword: session.user.mustChangePassword === true,
    usedInitialPassword: false,
    hasValidatedContractFile: hasValidatedFile,
  });
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
