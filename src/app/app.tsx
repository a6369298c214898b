import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { appDb } from '../db/database';
import { fr } from '../i18n/fr';
import { expireEphemeralSession } from '../session/session';
import { ToastProvider } from '../ui/toast';
import { bootstrap } from './bootstrap';
import { ErrorBoundary } from './error-boundary';
import { applyOrgFromUrl } from './org-param';
import { PwaSupport } from './pwa/pwa-support';
import { AppRoutes } from './router';

export function App() {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    applyOrgFromUrl(appDb(), window.location.search)
      .then(() => bootstrap())
      .then(() => expireEphemeralSession(appDb()))
      .then(
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
          <AppRoutes />
        </BrowserRouter>
        <PwaSupport />
      </ToastProvider>
    </ErrorBoundary>
  );
}
