import { useLiveQuery } from 'dexie-react-hooks';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { appDb } from '../../db/database';
import { writeBatch } from '../../db/repository';
import type { AppNotification } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';

// spec part 1 point 9: badge capped at 99; part 2 point 9: the list shows at most 20 entries.
export const BADGE_MAX = 99;
export const LIST_MAX = 20;

export function badgeText(unread: number): string {
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
}

interface Props {
  userId: string;
  /** Profiles with attendance access follow every check-in; others see only their own. */
  seesAll: boolean;
}

export function NotificationBell({ userId, seesAll }: Props) {
  const notifications = useLiveQuery(async () => {
    const all = await appDb().notifications.orderBy('createdAt').reverse().toArray();
    return seesAll ? all : all.filter((n) => n.teacherUserId === userId);
  }, [userId, seesAll]);
  const names = useLiveQuery(async () => {
    const [classes, modules, users] = await Promise.all([
      appDb().classes.toArray(),
      appDb().courseModules.toArray(),
      appDb().users.toArray(),
    ]);
    return {
      classes: new Map(classes.map((c) => [c.id, c.code])),
      modules: new Map(modules.map((m) => [m.id, m.name])),
      users: new Map(users.map((u) => [u.id, u.name])),
    };
  }, []);
  const unread = (notifications ?? []).filter((n) => !n.read);
  const markAllRead = () =>
    writeBatch(appDb(), async (w) => {
      for (const n of unread) await w.patch('notifications', n.id, { read: true });
    });
  const describe = (n: AppNotification) =>
    [
      n.kind === 'checkin' ? fr.shell.checkin : fr.shell.checkout,
      names?.users.get(n.teacherUserId ?? ''),
      names?.classes.get(n.classId ?? ''),
      names?.modules.get(n.moduleId ?? ''),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <DialogTrigger>
      <Button
        className="icon-button bell"
        aria-label={`${fr.shell.notifications}${unread.length ? `, ${fr.shell.unread(unread.length)}` : ''}`}
      >
        <svg
          aria-hidden="true"
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {unread.length > 0 ? (
          <span className="badge" aria-hidden="true">
            {badgeText(unread.length)}
          </span>
        ) : null}
      </Button>
      <Popover placement="bottom end" className="popover">
        <Dialog className="notification-panel" aria-label={fr.shell.notifications}>
          <div className="panel-header">
            <strong>{fr.shell.notifications}</strong>
            <Button
              className="link-button"
              isDisabled={unread.length === 0}
              onPress={() => void markAllRead()}
            >
              {fr.shell.markAllRead}
            </Button>
          </div>
          {(notifications ?? []).length === 0 ? (
            <p className="empty">{fr.shell.noNotifications}</p>
          ) : (
            <ul className="notification-list">
              {(notifications ?? []).slice(0, LIST_MAX).map((n) => (
                <li key={n.id} className={n.read ? undefined : 'unread'}>
                  <span>{describe(n)}</span>
                  <time dateTime={n.createdAt}>
                    {new Date(n.createdAt).toLocaleString('fr-FR', { timeZone: 'UTC' })}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
