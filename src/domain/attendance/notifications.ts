import type { AppNotification } from '../store/schema';
import { toIsoDate, toUtc } from '../time/instant';

// spec part 2 point 9: the bell badge is capped at 99; the list shows at most 20 grouped sessions.
export const NOTIFICATION_BADGE_MAX = 99;
export const NOTIFICATION_LIST_MAX = 20;

/**
 * Text of the unread badge: null when nothing is unread, the count up to 99, and '99+' above. The spec says
 * "capped at 99"; '99+' keeps the badge within two digits while telling the reader there are more than 99.
 */
export function notificationBadgeText(unreadCount: number): string | null {
  if (unreadCount <= 0) return null;
  return unreadCount > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(unreadCount);
}

/** One course session: the check-in and check-out notifications of a slot on a day. */
export interface NotificationSession {
  key: string;
  timetableId: string;
  slotIndex: number;
  /** 'YYYY-MM-DD' (UTC). */
  date: string;
  classId: string | null;
  moduleId: string | null;
  teacherUserId: string | null;
  checkinAt: string | null;
  checkoutAt: string | null;
  latestAt: string;
  unreadCount: number;
  notificationIds: string[];
}

/**
 * Groups notifications per session (slot and UTC day), newest session first, at most NOTIFICATION_LIST_MAX.
 * Within a session the latest check-in and check-out times are kept.
 */
export function groupNotifications(
  notifications: readonly AppNotification[],
  max = NOTIFICATION_LIST_MAX,
): NotificationSession[] {
  const sessions = new Map<string, NotificationSession>();
  const ms = (iso: string): number => toUtc(iso).toMillis();
  const later = (a: string | null, b: string): string => (a && ms(a) >= ms(b) ? a : b);
  for (const n of notifications) {
    // A course session gathers check-ins and check-outs; a substitution's notice (issue 35) is listed apart.
    if (n.kind !== 'checkin' && n.kind !== 'checkout') continue;
    const date = toIsoDate(n.createdAt);
    const key = `${n.timetableId}\u0000${n.slotIndex}\u0000${date}`;
    let session = sessions.get(key);
    if (!session) {
      session = {
        key,
        timetableId: n.timetableId,
        slotIndex: n.slotIndex,
        date,
        classId: n.classId ?? null,
        moduleId: n.moduleId ?? null,
        teacherUserId: n.teacherUserId ?? null,
        checkinAt: null,
        checkoutAt: null,
        latestAt: n.createdAt,
        unreadCount: 0,
        notificationIds: [],
      };
      sessions.set(key, session);
    }
    if (n.kind === 'checkin') session.checkinAt = later(session.checkinAt, n.createdAt);
    else session.checkoutAt = later(session.checkoutAt, n.createdAt);
    session.latestAt = later(session.latestAt, n.createdAt);
    if (!n.read) session.unreadCount += 1;
    session.notificationIds.push(n.id);
  }
  return [...sessions.values()]
    .sort((a, b) => ms(b.latestAt) - ms(a.latestAt) || a.key.localeCompare(b.key))
    .slice(0, max);
}

export function unreadCount(notifications: readonly AppNotification[]): number {
  return notifications.filter((n) => !n.read).length;
}

/** spec part 2 point 4: mark-all-read; returns only the records that change, to write them. */
export function markAllRead(notifications: readonly AppNotification[]): AppNotification[] {
  return notifications.filter((n) => !n.read).map((n) => ({ ...n, read: true }));
}
