import { useLiveQuery } from 'dexie-react-hooks';
import { useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { appDb } from '../../db/database';
import {
  groupNotifications,
  NOTIFICATION_BADGE_MAX,
  NOTIFICATION_LIST_MAX,
  notificationBadgeText,
  unreadCount,
  type NotificationSession,
} from '../../domain/attendance/notifications';
import { fr } from '../../i18n/fr';
import { isSubstitutionNotification } from '../../domain/absences/substitution-notice-rules';
import type { AppNotification } from '../../domain/store/schema';
import { frAbsencesNotify } from '../../i18n/fr-absences-notify';
import { frFirstMonth } from '../../i18n/fr-first-month';
import { frSubstitutionChanges } from '../../i18n/fr-substitution-changes';
import { markNotificationsRead } from '../../services/notifications/mark-read';

// spec part 2 point 9: badge capped at 99 (the list's 20 sessions: groupNotifications).
export const BADGE_MAX = NOTIFICATION_BADGE_MAX;

export function badgeText(unread: number): string {
  return notificationBadgeText(unread) ?? '0';
}

interface Props {
  userId: string;
  /** Profiles with attendance access follow every check-in; others see only their own. */
  seesAll: boolean;
  /** Holders of planning.reprogrammation also see the pending reschedule requests (issue 33). */
  seesRequests?: boolean;
}

const time = (iso: string) => iso.slice(11, 16); // HH:MM, UTC like every stored time
const ta = frAbsencesNotify.bell;

/** Issue 35: the substitution notices, newest first, as many as the sessions' list at most. */
function substitutionNotices(all: readonly AppNotification[]): AppNotification[] {
  return all
    .filter(isSubstitutionNotification)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, NOTIFICATION_LIST_MAX);
}

const field = (n: AppNotification, key: string) => (typeof n[key] === 'string' ? n[key] : '');

function noticeText(n: AppNotification, name: (id: string) => string): string {
  const date = field(n, 'date');
  const start = field(n, 'startTime');
  const other = name(field(n, 'otherUserId'));
  if (n.kind === 'substitution-assigned') return ta.assigned(other, date, start);
  if (n.kind === 'substitution-replaced') return ta.replaced(other, date, start);
  if (n.kind === 'substitution-withdrawn') return ta.withdrawn(other, date, start);
  if (n.kind === 'substitution-restored') return frSubstitutionChanges.bell.restored(date, start);
  return ta.canceled(date, start);
}
const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * Header bell: unread badge, at most 20 sessions (a slot's arrival and departure of a day together), and for
 * those who validate them the pending reschedule requests (counted in the badge until they are handled).
 */
export function NotificationBell({ userId, seesAll, seesRequests = false }: Props) {
  const pendingRequests = useLiveQuery(
    async () => (seesRequests ? appDb().rescheduleRequests.where('status').equals('pending').count() : 0),
    [seesRequests],
  );
  const requests = pendingRequests ?? 0;
  const notifications = useLiveQuery(async () => {
    const all = await appDb().notifications.toArray();
    // A substitution's notice (issue 35) is for its teacher only, even to those who follow every check-in.
    return all.filter((n) => n.teacherUserId === userId || (seesAll && !isSubstitutionNotification(n)));
  }, [userId, seesAll]);
  const panelRef = useRef<HTMLElement>(null);
  const all = notifications ?? [];
  const unread = unreadCount(all) + requests;
  const sessions = groupNotifications(all);
  const notices = substitutionNotices(all);
  // Only the teachers of the sessions shown (at most 20): a group's 5,000 users are never read for a bell.
  const teacherIds = [
    ...new Set([
      ...sessions.flatMap((s) => (s.teacherUserId ? [s.teacherUserId] : [])),
      ...notices.flatMap((n) => (typeof n.otherUserId === 'string' ? [n.otherUserId] : [])),
    ]),
  ].sort();
  const names = useLiveQuery(async () => {
    const [classes, modules, users] = await Promise.all([
      appDb().classes.toArray(),
      appDb().courseModules.toArray(),
      appDb().users.bulkGet(teacherIds),
    ]);
    return {
      classes: new Map(classes.map((c) => [c.id, c.code])),
      modules: new Map(modules.map((m) => [m.id, m.name])),
      users: new Map(users.flatMap((u) => (u ? [[u.id, u.name] as const] : []))),
    };
  }, [teacherIds.join('\n')]);
  const readAll = () => markNotificationsRead(appDb(), all);
  const title = (s: NotificationSession) =>
    [
      names?.users.get(s.teacherUserId ?? ''),
      names?.classes.get(s.classId ?? ''),
      names?.modules.get(s.moduleId ?? ''),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <DialogTrigger>
      <Button
        className="icon-button bell"
        aria-label={`${fr.shell.notifications}${unread ? `, ${fr.shell.unread(unread)}` : ''}`}
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
        {unread > 0 ? (
          <span className="badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        ) : null}
      </Button>
      <Popover placement="bottom end" className="popover">
        <Dialog className="notification-panel" aria-label={fr.shell.notifications} ref={panelRef}>
          <div className="panel-header">
            <strong>{fr.shell.notifications}</strong>
            <Button
              className="link-button"
              isDisabled={unread === requests}
              onPress={() => {
                // The button turns disabled once all is read and would drop the focus to <body>, where
                // Escape no longer reaches the popover: the focus moves to the panel first.
                panelRef.current?.focus();
                void readAll();
              }}
            >
              {fr.shell.markAllRead}
            </Button>
          </div>
          {requests > 0 ? (
            <p className="notification-requests unread">
              <span>{frFirstMonth.bell.pendingRequests(requests)}</span>
              <NavLink to="/planning/reprogrammation">{frFirstMonth.bell.openRequests}</NavLink>
            </p>
          ) : null}
          {notices.length > 0 ? (
            <ul className="notification-list" aria-label={ta.heading}>
              {notices.map((n) => (
                <li key={n.id} className={n.read ? undefined : 'unread'}>
                  <span>{noticeText(n, (id) => names?.users.get(id) ?? ta.someone)}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {sessions.length === 0 && requests === 0 && notices.length === 0 ? (
            <p className="empty">{fr.shell.noNotifications}</p>
          ) : (
            <ul className="notification-list">
              {sessions.map((s) => (
                <li key={s.key} className={s.unreadCount > 0 ? 'unread' : undefined}>
                  <span>{title(s)}</span>
                  <span className="notification-times">
                    {dayLabel(s.date)}
                    {s.checkinAt ? ` · ${fr.attendance.bellCheckin(time(s.checkinAt))}` : ''}
                    {s.checkoutAt ? ` · ${fr.attendance.bellCheckout(time(s.checkoutAt))}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
