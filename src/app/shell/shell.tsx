import { Suspense, useState } from 'react';
import { Button } from 'react-aria-components';
import { Outlet, useLocation } from 'react-router-dom';
import type { SessionInfo } from '../../session/session';
import { seesAllNotifications } from '../../domain/access/rules';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { sectionOf } from '../sections';
import { AttendanceWatcher } from './attendance-watcher';
import { NotificationBell } from './notification-bell';
import { SectionTabs } from './section-tabs';
import { SideNav } from './side-nav';
import { UserMenu } from './user-menu';
import { SyncStatusIndicator } from '../../ui/sync-status';
import './shell.css';

/** Side navigation (medium and wider screens, a drawer on small ones), header, then the route's screen. */
export function Shell({ session }: { session: SessionInfo }) {
  const { pathname } = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const access = { granted: session.granted, loginMode: session.loginMode };
  const section = sectionOf(pathname);
  const isKiosk = session.loginMode === 'pin';
  return (
    <div className={isKiosk ? 'shell kiosk' : 'shell'}>
      {isKiosk ? null : (
        <aside className="shell-aside">
          <SideNav access={access} />
        </aside>
      )}
      <div className="shell-main">
        <header className="shell-header">
          <div className="header-row">
            {isKiosk ? null : (
              <Button
                className="icon-button menu-button"
                aria-label={fr.shell.openMenu}
                onPress={() => setIsMenuOpen(true)}
              >
                <span aria-hidden="true">☰</span>
              </Button>
            )}
            <h1 className="section-title">{section?.title ?? fr.app.name}</h1>
            {/* Its own slot: on a phone it takes a line of its own rather than being cut (shell.css). */}
            <div className="header-sync">
              <SyncStatusIndicator />
            </div>
            <div className="header-tools">
              {isKiosk ? null : (
                <input
                  type="search"
                  name="q"
                  className="header-search"
                  placeholder={fr.shell.search}
                  aria-label={fr.shell.search}
                />
              )}
              {isKiosk ? null : (
                <NotificationBell
                  userId={session.user.id}
                  seesAll={seesAllNotifications(session.granted)}
                  seesRequests={session.granted.has('planning.reprogrammation')}
                />
              )}
              <UserMenu user={session.user} profile={session.profile} loginMode={session.loginMode} />
            </div>
          </div>
          {section ? <SectionTabs section={section} access={access} /> : null}
        </header>
        <main className="shell-content" id="contenu">
          <Suspense fallback={<p className="page-loading">{fr.app.loading}</p>}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <AttendanceWatcher hasAttendance={seesAllNotifications(session.granted)} />
      <AppDialog isOpen={isMenuOpen} onOpenChange={setIsMenuOpen} title={fr.shell.modules} size="small">
        <SideNav access={access} onNavigate={() => setIsMenuOpen(false)} />
      </AppDialog>
    </div>
  );
}
