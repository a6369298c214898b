import { Suspense, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { appDb } from '../db/database';
import { fr } from '../i18n/fr';
import { expireEphemeralSession } from '../session/session';
import { ToastProvider } from '../ui/toast';
import { ErrorBoundary } from '../ui/error-boundary';
import { applyOrgFromUrl } from './org-param';
import { PwaSupport } from './pwa/pwa-support';
import { AppRoutes } from './router';

/**
 * A device that already holds data opens at once and catches up with the server in the background
 * (offline first); a brand-new device waits for the remote store, since nobody could sign in without it.
 * The start-up code (store validation, migrations, sync engine: zod and luxon) is its own chunk, so a
 * returning device's login screen does not wait for it (issue 13 budget).
 */
async function startApp(): Promise<void> {
  const db = appDb();
  await applyOrgFromUrl(db, window.location.search);
  const hasLocalData = (await db.profiles.count()) > 0;
  const started = import('./bootstrap').then((m) => m.bootstrap());
  if (hasLocalData) started.catch((error: unknown) => console.error('bootstrap', error));
  else await started;
  await expireEphemeralSession(db);
}

export function App() {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
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
      <ToastProvider>
        <BrowserRouter>
          <Suspense fallback={<p className="page-loading">{fr.app.loading}</p>}>
            <AppRoutes />
          </Suspense>
        </BrowserRouter>
        <PwaSupport />
      </ToastProvider>
    </ErrorBoundary>
  );
}
