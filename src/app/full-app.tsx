import { Suspense, useEffect, useState } from 'react';
import { fr } from '../i18n/fr';
import { ErrorBoundary } from '../ui/error-boundary';
import { AppRoutes, preloadScreenOf } from './router';
import { hasAppStarted, startApp } from './start-app';

// A known device opening a screen: its shell and screen download while the start-up reads the local database,
// not after it (the route table renders only once startApp() is done).
if (typeof window !== 'undefined') preloadScreenOf(window.location.pathname);

/**
 * Every route but the login screen: the local database, the start-up and the route table. Loaded on demand
 * (app.tsx), so a new device's login screen draws before any of it arrives.
 */
export function FullApp() {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(() =>
    hasAppStarted() ? 'ready' : 'loading',
  );
  useEffect(() => {
    startApp().then(
      () => setState('ready'),
      () => setState('failed'),
    );
  }, []);
  if (state === 'failed') return <p role="alert">{fr.app.unexpectedError}</p>;
  if (state === 'loading') return <p className="page-loading">{fr.app.loading}</p>;
  return (
    <ErrorBoundary>
      <Suspense fallback={<p className="page-loading">{fr.app.loading}</p>}>
        <AppRoutes />
      </Suspense>
    </ErrorBoundary>
  );
}
