import { Suspense, useEffect, useState } from 'react';
import { fr } from '../i18n/fr';
import { ErrorBoundary } from '../ui/error-boundary';
import { AppRoutes } from './router';
import { hasAppStarted, startApp } from './start-app';

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
