import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { canOpen, landingRoute, sectionDefault, type GuardedPath } from '../domain/auth/routes';
import { fr } from '../i18n/fr';
import { useSession } from '../session/use-session';
import { lazyNamed } from './lazy-named';

// The signed-in shell (menus, dialogs, notifications) is not needed by the login screen.
const Shell = lazyNamed(() => import('./shell/shell'), 'Shell');

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
  const target = landingRoute({ granted: session.granted, loginMode: session.loginMode });
  return target ? <Navigate to={target} replace /> : <Outlet />;
}

export function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'loading') return <p className="page-loading">{fr.app.loading}</p>;
  if (session.status === 'signed-in') return <Navigate to="/" replace />;
  return <>{children}</>;
}
