import { useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { appDb } from '../../db/database';
import { LOGOUT_DELAY_MS } from '../../domain/auth/password';
import type { LoginMode, Profile, User } from '../../domain/store/schema';
import { ChangePasswordDialog } from '../../features/auth/change-password-dialog';
import { fr } from '../../i18n/fr';
import { endSession } from '../../session/session';
import { getMeta, setMeta } from '../../db/meta';
import { forgetDeferredSignIn } from '../../sync/deferred-sign-in';
import { browserFetch, serverSignOut } from '../../sync/server-auth';
import { notifySessionChanged } from '../../sync/session-events';
import { syncEngine } from '../bootstrap';
import { AppDialog } from '../../ui/app-dialog';
import { useToast } from '../../ui/toast';

/**
 * Changes still in the outbox leave under this person's session before it ends (they would otherwise wait for
 * their next sign-in); then the server ends the session (issue 12) and the device forgets who is signed in.
 */
async function signOut(): Promise<void> {
  if (navigator.onLine) await syncEngine()?.syncOnce();
  forgetDeferredSignIn();
  await serverSignOut(browserFetch);
  const db = appDb();
  await endSession(db);
  // A classroom kiosk keeps only what PIN mode needs once the administrator who used it has left.
  if (await getMeta(db, 'kioskName')) {
    await setMeta(db, 'offlineHashes', {});
    const { loadRemoteStore } = await import('../../sync/remote-store');
    await loadRemoteStore(db, browserFetch);
  }
  notifySessionChanged();
}

interface Props {
  user: User;
  profile: Profile | undefined;
  loginMode: LoginMode;
}

export function UserMenu({ user, profile, loginMode }: Props) {
  const [dialog, setDialog] = useState<'account' | 'password' | null>(null);
  const toast = useToast();
  const navigate = useNavigate();
  const logout = () => {
    // spec part 1 point 4: success toast, then logout after 300 ms.
    toast.show(fr.shell.loggedOut);
    setTimeout(() => {
      void signOut().then(() => navigate('/login', { replace: true }));
    }, LOGOUT_DELAY_MS);
  };
  return (
    <>
      <MenuTrigger>
        <Button className="user-button" aria-label={fr.shell.userMenu}>
          <span className="avatar" aria-hidden="true">
            {user.name.slice(0, 1).toUpperCase()}
          </span>
          <span className="user-name">{user.name}</span>
        </Button>
        <Popover placement="bottom end" className="popover">
          <Menu
            className="menu"
            onAction={(key) => {
              if (key === 'logout') logout();
              else setDialog(key === 'account' ? 'account' : 'password');
            }}
          >
            <MenuItem id="account" className="menu-item">
              {fr.shell.myAccount}
            </MenuItem>
            {loginMode === 'password' ? (
              <MenuItem id="password" className="menu-item">
                {fr.shell.changePassword}
              </MenuItem>
            ) : null}
            <MenuItem id="logout" className="menu-item">
              {fr.shell.logout}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <AppDialog
        isOpen={dialog === 'account'}
        onOpenChange={(open) => setDialog(open ? 'account' : null)}
        title={fr.shell.accountTitle}
        size="small"
      >
        <dl className="details">
          <dt>{fr.shell.accountName}</dt>
          <dd>{user.name}</dd>
          <dt>{fr.shell.accountEmail}</dt>
          <dd>{user.email}</dd>
          <dt>{fr.shell.accountProfile}</dt>
          <dd>{profile?.name ?? '—'}</dd>
          <dt>{fr.shell.accountMode}</dt>
          <dd>{loginMode === 'pin' ? fr.login.modePin : fr.login.modePassword}</dd>
        </dl>
        <div className="dialog-actions">
          <Button className="button" slot="close">
            {fr.shell.close}
          </Button>
        </div>
      </AppDialog>
      <ChangePasswordDialog
        userId={user.id}
        isOpen={dialog === 'password'}
        onOpenChange={(open) => setDialog(open ? 'password' : null)}
      />
    </>
  );
}
