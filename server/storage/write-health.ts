import { storageFailureOf, type StorageFailureKind } from './storage-failure';
import type { SyncStorage } from './sync-storage';

/** How long a failed write keeps /api/health at 503 when no write has succeeded since. */
export const WRITE_FAILURE_WINDOW_MS = 30_000;

/**
 * The write path as /api/health reports it (issue 31): a database that answers reads may still refuse
 * every write (full disk, read-only file system). The last storage failure of a write is remembered;
 * health answers 503 while it is recent and no write has succeeded since (a successful write, e.g. once
 * space is back, clears it at once; otherwise it expires after the window and the next write decides).
 */
export class WriteHealth {
  private failure: { kind: StorageFailureKind; at: number } | null = null;

  constructor(private readonly windowMs = WRITE_FAILURE_WINDOW_MS) {}

  /** Remembers `error` if it is a storage failure; says whether it was one. */
  noteError(error: unknown, now = Date.now()): boolean {
    const kind = storageFailureOf(error);
    if (kind) this.failure = { kind, at: now };
    return kind !== null;
  }

  noteSuccess(): void {
    this.failure = null;
  }

  /** The kind of the recent write failure, or null when writes work (as far as the server knows). */
  failing(now = Date.now()): StorageFailureKind | null {
    if (!this.failure) return null;
    if (now - this.failure.at > this.windowMs) {
      this.failure = null;
      return null;
    }
    return this.failure.kind;
  }
}

/**
 * The same storage, its write transactions watched: each outcome goes to `health`. (Its other writes,
 * sessions and rate limits, are noted by the error handler when they fail.)
 */
export function watchWrites(storage: SyncStorage, health: WriteHealth): SyncStorage {
  const transaction: SyncStorage['transaction'] = async (orgId, fn, hints) => {
    try {
      const result = await storage.transaction(orgId, fn, hints);
      health.noteSuccess();
      return result;
    } catch (error) {
      health.noteError(error);
      throw error;
    }
  };
  return Object.assign(Object.create(storage) as SyncStorage, { transaction });
}
