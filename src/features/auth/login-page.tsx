import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { appDb } from '../../db/database';
import { getMeta } from '../../db/meta';
import { fr } from '../../i18n/fr';
import { SegmentedTabs, tabPanelProps } from '../../ui/segmented-tabs';
import { needsEmergencyAdmin } from './auth-service';
import { EmergencyArea } from './emergency-area';
import { PasswordForm } from './password-form';

// The dialog machinery (overlays, focus scopes, menus) and the PIN pad load when opened, not with the
// login screen: budget of issue 13, login JavaScript at most 170 KB gzip.
const ForgotPasswordDialog = lazy(async () => ({
  default: (await import('./forgot-password-dialog')).ForgotPasswordDialog,
}));
const PinLogin = lazy(async () => ({ default: (await import('./pin-login')).PinLogin }));

/** Login screen (spec part 1 point 2): password or PIN, forgotten password, emergency administrator. */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [isForgotOpen, setIsForgotOpen] = useState(false);
  // ?mode=pin: the kiosk returns here after each teacher (issue 9), on the PIN pad.
  const [chosenMode, setMode] = useState<'password' | 'pin' | null>(
    params.get('mode') === 'pin' ? 'pin' : null,
  );
  // Asked once per visit: the server sees every user (issue 12); offline, the device's copy answers.
  const [needsEmergency, setNeedsEmergency] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    void needsEmergencyAdmin(appDb()).then((value) => isCurrent && setNeedsEmergency(value));
    return () => {
      isCurrent = false;
    };
  }, []);
  const device = useLiveQuery(async () => {
    const db = appDb();
    return {
      kioskName: await getMeta(db, 'kioskName'),
      knowsSomeone: Object.keys(await getMeta(db, 'offlineHashes')).length > 0,
    };
  }, []);
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
  const showEmergency = wantsEmergency || hasPromoted;
  const signedIn = (destination: string) => void navigate(destination, { replace: true });
  return (
    <div className="login-page">
      <main className="login-card">
        <p className="brand">{fr.app.name}</p>
        <h1>{fr.login.title}</h1>
        {kioskName ? <p className="login-kiosk">{fr.login.kioskBadge(kioskName)}</p> : null}
        {isOffline && device && !device.knowsSomeone && !kioskName ? (
          <p className="hint" role="note">
            {fr.login.needsNetwork}
          </p>
        ) : null}
        <SegmentedTabs
          label={fr.login.modeTabs}
          idPrefix="login-mode"
          tabs={[
            { id: 'password', label: fr.login.passwordMode },
            { id: 'pin', label: fr.login.pinMode },
          ]}
          selected={mode}
          onSelect={(id) => setMode(id === 'pin' ? 'pin' : 'password')}
        />
        {mode === 'password' ? (
          <div {...tabPanelProps('login-mode', 'password')}>
            <PasswordForm
              email={email}
              onEmailChange={setEmail}
              onSignedIn={signedIn}
              onForgotPassword={() => setIsForgotOpen(true)}
            />
          </div>
        ) : (
          <div {...tabPanelProps('login-mode', 'pin')}>
            <Suspense fallback={<p className="page-loading">{fr.app.loading}</p>}>
              <PinLogin onSignedIn={signedIn} />
            </Suspense>
          </div>
        )}
        {showEmergency ? (
          <EmergencyArea onPromoted={(promoted) => (setEmail(promoted), setHasPromoted(true))} />
        ) : null}
      </main>
      {isForgotOpen ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog isOpen onOpenChange={setIsForgotOpen} initialEmail={email} />
        </Suspense>
      ) : null}
    </div>
  );
}
