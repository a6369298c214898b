import { useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { appDb } from '../../db/database';
import { LOGOUT_DELAY_MS } from '../../domain/auth/password';
import type { LoginMode, Profile, User } from '../../domain/store/schema';
import { ChangePasswordDialog } from '../../features/auth/change-password-dialog';
import { CalendarFeedDialog } from '../../features/calendar/calendar-feed-dialog';
import { AbsencesDialog } from '../../features/absences/absences-dialog';
import { frAbsences } from '../../i18n/fr-absences';
import { PLANNING_ACTIONS_MODULE_ID } from '../../domain/planning/permissions';
import { frCalendar } from '../../i18n/fr-calendar';
import { fr } from '../../i18n/fr';
import { signOut as signOutHere } from '../../session/sign-out';
import { browserFetch } from '../../api/http';
import { syncEngine } from '../bootstrap';
import { serverClock } from '../../sync/server-clock';
import { AppDialog } from '../../ui/app-dialog';
import { useToast } from '../../ui/toast';

/** Sign-out itself lives in the session module (src/session/sign-out.ts). */
async function signOut(): Promise<void> {
  await signOutHere(appDb(), browserFetch, syncEngine(), { online: navigator.onLine });
}

interface Props {
  user: User;
  profile: Profile | undefined;
  loginMode: LoginMode;
}

export function UserMenu({ user, profile, loginMode }: Props) {
  const [dialog, setDialog] = useState<'account' | 'password' | 'calendar' | 'absences' | null>(null);
  const toast = useToast();
  const isPlanningAdmin = profile?.moduleIds.includes(PLANNING_ACTIONS_MODULE_ID) ?? false;
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
              else
                setDialog(key === 'account' || key === 'calendar' || key === 'absences' ? key : 'password');
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
            {loginMode === 'password' && isPlanningAdmin ? (
              <MenuItem id="absences" className="menu-item">
                {frAbsences.admin.menuItem}
              </MenuItem>
            ) : null}
            {loginMode === 'password' ? (
              <MenuItem id="calendar" className="menu-item">
                {frCalendar.dialog.menuItem}
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
      <CalendarFeedDialog
        isOpen={dialog === 'calendar'}
        onOpenChange={(open) => setDialog(open ? 'calendar' : null)}
        userId={user.id}
        isPlanningAdmin={isPlanningAdmin}
      />
      <AbsencesDialog
        isOpen={dialog === 'absences'}
        onOpenChange={(open) => setDialog(open ? 'absences' : null)}
        userId={user.id}
        now={() => new Date(serverClock.serverNowMs())}
      />
      <ChangePasswordDialog
        userId={user.id}
        isOpen={dialog === 'password'}
        onOpenChange={(open) => setDialog(open ? 'password' : null)}
      />
    </>
  );
}
