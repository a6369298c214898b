import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { LoadLoginRuntime } from '../features/auth/login-loader';
import { LoginPage } from '../features/auth/login-page';
import { frApp } from '../i18n/fr-login';
import { ToastProvider } from '../ui/toast';
import { lazyNamed } from './lazy-named';

// Light start (budget: a new device's login form at most 100 KB gzip of JavaScript): the entry holds React,
// the router and the login screen with its own texts. The local database (Dexie), the start-up, the full
// catalogue and every other route load on demand; the login screen asks for them once it is drawn.
const FullApp = lazyNamed(() => import('./full-app'), 'FullApp');
const PwaSupport = lazyNamed(() => import('./pwa/pwa-support'), 'PwaSupport');
// Any other address than the login screen draws the full app: its code starts downloading with the entry's.
if (typeof window !== 'undefined' && !window.location.pathname.startsWith('/login')) FullApp.preload();

let loginRuntime: ReturnType<LoadLoginRuntime> | null = null;
/** The login screen's runtime (login-runtime.ts), loaded once; the screen asks for it once drawn. */
const loadLoginRuntime: LoadLoginRuntime = () => (loginRuntime ??= import('./login-runtime'));

/** Render failures show the spec's text instead of a blank page (spec part 1 point 8). */
class StartErrorBoundary extends Component<{ children: ReactNode }, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError(): { hasError: boolean } {
    return { hasError: true };
  }

  override render() {
    return this.state.hasError ? <p role="alert">{frApp.unexpectedError}</p> : this.props.children;
  }
}

/** After the first paint: the service worker's registration and the update prompt (pwa-support). */
function usePainted(): boolean {
  const [isPainted, setIsPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(() => setIsPainted(true), 0));
    return () => cancelAnimationFrame(frame);
  }, []);
  return isPainted;
}

export function App() {
  const isPainted = usePainted();
  return (
    <StartErrorBoundary>
      <ToastProvider>
        <BrowserRouter>
          <Routes>
            <Route path="/login" element={<LoginPage loadRuntime={loadLoginRuntime} />} />
            <Route
              path="*"
              element={
                <Suspense fallback={<p className="page-loading">{frApp.loading}</p>}>
                  <FullApp />
                </Suspense>
              }
            />
          </Routes>
        </BrowserRouter>
        {isPainted ? (
          <Suspense fallback={null}>
            <PwaSupport />
          </Suspense>
        ) : null}
      </ToastProvider>
    </StartErrorBoundary>
  );
}
