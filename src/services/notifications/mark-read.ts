import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { markAllRead } from '../../domain/attendance/notifications';
import type { AppNotification } from '../../domain/store/schema';

/**
 * "Tout marquer comme lu" of the header bell (spec part 2 point 4): the notifications the user sees that are
 * still unread become read, in one transaction with their outbox mutations.
 */
export async function markNotificationsRead(
  db: AppDatabase,
  shown: readonly AppNotification[],
): Promise<void> {
  await writeBatch(db, async (w) => {
    for (const n of markAllRead(shown)) await w.patch('notifications', n.id, { read: true });
  });
}
