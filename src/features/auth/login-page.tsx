import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { frDayOne } from '../../i18n/fr-day-one';
import { frApp, frLogin } from '../../i18n/fr-login';
import { SegmentedTabs, tabPanelProps } from '../../ui/segmented-tabs';
import { afterPaint, type LoadLoginRuntime, type LoginDevice } from './login-loader';
import { LoginPasswordForm } from './login-password-form';
import './login.css';

// Light start: a new device's login form at most 100 KB gzip of JavaScript (scripts/check-budgets.mjs).
// The form draws with React, the router and the login texts only; the local database and the start-up
// (src/app/login-runtime.ts, handed over by the app) are asked for once it is drawn; dialogs, the PIN pad and the emergency area load when
// shown.
const ForgotPasswordDialog = lazy(async () => ({
  default: (await import('./forgot-password-dialog')).ForgotPasswordDialog,
}));
const PinLogin = lazy(async () => ({ default: (await import('./pin-login')).PinLogin }));
const EmergencyArea = lazy(async () => ({
  default: (await import('./emergency-area')).EmergencyArea,
}));

/** Login screen (spec part 1 point 2): password or PIN, forgotten password, emergency administrator. */
export function LoginPage({ loadRuntime }: { loadRuntime: LoadLoginRuntime }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [isForgotOpen, setIsForgotOpen] = useState(false);
  // ?mode=pin: the kiosk returns here after each teacher (spec part 1 point 4), on the PIN pad.
  const [chosenMode, setMode] = useState<'password' | 'pin' | null>(
    params.get('mode') === 'pin' ? 'pin' : null,
  );
  // Asked once per visit: the server sees every user; offline, the device's copy answers.
  const [needsEmergency, setNeedsEmergency] = useState<boolean | undefined>(undefined);
  const [isNewSchool, setIsNewSchool] = useState(false);
  const [device, setDevice] = useState<LoginDevice | undefined>(undefined);
  const [hasFailed, setHasFailed] = useState(false);
  // Issue 31 item 7: the device's database vanished under the open page; its own screen covers everything and
  // the emergency area is never offered (an emptied device is not a school without administrators).
  const [hasStorageVanished, setStorageVanished] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    let unsubscribe: (() => void) | undefined;
    const cancel = afterPaint(() => {
      void loadRuntime()
        .then(async (runtime) => {
          if (!isCurrent) return;
          unsubscribe = runtime.onStorageVanished?.(() => setStorageVanished(true));
          const found = await runtime.readLoginDevice();
          if (!isCurrent) return;
          setDevice(found);
          if (found.isSignedIn) return;
          const [needed, isNew] = await Promise.all([
            runtime.readNeedsEmergency(),
            runtime.readIsNewSchool?.() ?? Promise.resolve(false),
          ]);
          if (!isCurrent) return;
          setIsNewSchool(isNew);
          setNeedsEmergency(needed);
        })
        .catch(() => isCurrent && setHasFailed(true));
    });
    return () => {
      isCurrent = false;
      cancel();
      unsubscribe?.();
    };
  }, [loadRuntime]);
  // An enrolled classroom kiosk opens on the PIN pad until someone picks the other tab.
  const kioskName = device?.kioskName ?? null;
  const mode = chosenMode ?? (kioskName ? 'pin' : 'password');
  const isOffline = typeof navigator !== 'undefined' && !navigator.onLine;
  const emergencyParam = params.get('emergency');
  // Not offered by itself under the PIN pad: a classroom kiosk fills the screen with it (and a kiosk, which
  // receives no administrator, would always think none exists); ?emergency=1 still shows it.
  const wantsEmergency =
    emergencyParam === '1' || emergencyParam === 'true' || (needsEmergency === true && mode !== 'pin');
  // Once shown, the area stays until the page changes, so its answer remains readable after a promotion.
  const [hasPromoted, setHasPromoted] = useState(false);
  // Shown once the server (or the device's copy) said whether an administrator exists: the area then takes its
  // place (first on day one) and never moves while someone types in it (a move remounted it mid-promotion and
  // lost its answer).
  const isDecided = needsEmergency !== undefined || hasFailed;
  const showEmergency = !hasStorageVanished && ((wantsEmergency && isDecided) || hasPromoted);
  // Issue 33 point 9: on day one (the school does not exist yet, so no administrator either) the emergency
  // area is the only way in: it comes first and the login form, useless until then, second. A school that
  // lost its administrators keeps the form first: its teachers still sign in every day.
  const emergencyFirst = showEmergency && needsEmergency === true && isNewSchool && mode !== 'pin';
  const emergencyArea = (
    <Suspense fallback={null}>
      <EmergencyArea
        loadRuntime={loadRuntime}
        onPromoted={(promoted) => (setEmail(promoted), setHasPromoted(true))}
      />
    </Suspense>
  );
  const signedIn = (destination: string) => void navigate(destination, { replace: true });
  // Someone is signed in on this device: "/" leads to their screen (the login screen is for signed-out devices).
  if (device?.isSignedIn) return <Navigate to="/" replace />;
  return (
    <div className="login-page">
      {/* busy until the device's state and the server's answer are known (the emergency area may then appear) */}
      <main className="login-card" aria-busy={!isDecided}>
        <p className="brand">{frApp.name}</p>
        <h1>{frLogin.title}</h1>
        {kioskName ? <p className="login-kiosk">{frLogin.kioskBadge(kioskName)}</p> : null}
        {isOffline && device && !device.knowsSomeone && !kioskName ? (
          <p className="hint" role="note">
            {frLogin.needsNetwork}
          </p>
        ) : null}
        {emergencyFirst ? (
          <>
            <p className="hint" role="note">
              {frDayOne.login.noAdministratorYet}
            </p>
            {emergencyArea}
            <h2 className="login-after-emergency">{frDayOne.login.signInAfter}</h2>
            <p className="hint">{frDayOne.login.signInAfterHint}</p>
          </>
        ) : null}
        <SegmentedTabs
          label={frLogin.modeTabs}
          idPrefix="login-mode"
          tabs={[
            { id: 'password', label: frLogin.passwordMode },
            { id: 'pin', label: frLogin.pinMode },
          ]}
          selected={mode}
          onSelect={(id) => setMode(id === 'pin' ? 'pin' : 'password')}
        />
        {mode === 'password' ? (
          <div {...tabPanelProps('login-mode', 'password')}>
            <LoginPasswordForm
              // remounted once the device is known: "Se souvenir de moi" starts unticked on a kiosk
              key={kioskName ? 'kiosk' : 'device'}
              rememberByDefault={!kioskName}
              loadRuntime={loadRuntime}
              email={email}
              onEmailChange={setEmail}
              onSignedIn={signedIn}
              onForgotPassword={() => setIsForgotOpen(true)}
            />
          </div>
        ) : (
          <div {...tabPanelProps('login-mode', 'pin')}>
            <Suspense fallback={<p className="page-loading">{frApp.loading}</p>}>
              <PinLogin onSignedIn={signedIn} />
            </Suspense>
          </div>
        )}
        {hasFailed ? <p role="alert">{frApp.unexpectedError}</p> : null}
        {showEmergency && !emergencyFirst ? emergencyArea : null}
      </main>
      {isForgotOpen ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog isOpen onOpenChange={setIsForgotOpen} initialEmail={email} />
        </Suspense>
      ) : null}
    </div>
  );
}
