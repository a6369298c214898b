import pg from 'pg';
import type { RevisionFeed } from './revision-feed';

/**
 * Revisions committed by every app server sharing one PostgreSQL database (GET /api/live). A write
 * transaction that moved an organisation's revision calls pg_notify before COMMIT; PostgreSQL delivers the
 * notification only once the transaction commits, to every session LISTENing on the channel. Each server
 * holds one connection of its own for LISTEN, opened when the first live stream subscribes and reopened
 * after a drop (a missed notification only delays a device until its periodic pull).
 */

/** Channel per schema: deployments (or test schemas) sharing one database must not hear each other. */
export async function revisionChannelOf(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ schema: string | null }>('SELECT current_schema() AS schema');
  return `emargement_rev_${rows[0]?.schema ?? 'public'}`.slice(0, 63);
}

export function notifyPayload(orgId: string, revision: number): string {
  return JSON.stringify({ orgId, revision });
}

function parsePayload(payload: string | undefined): { orgId: string; revision: number } | null {
  try {
    const value = JSON.parse(payload ?? '') as { orgId?: unknown; revision?: unknown };
    if (typeof value.orgId !== 'string' || typeof value.revision !== 'number') return null;
    return { orgId: value.orgId, revision: value.revision };
  } catch {
    return null;
  }
}

export const LISTEN_RETRY_MS = 2_000;

export interface RevisionListenerHandle {
  /** Starts listening (idempotent). */
  ensure(): void;
  close(): Promise<void>;
}

export function listenForRevisions(
  connectionString: string,
  channel: string,
  feed: RevisionFeed,
  onError?: (error: Error) => void,
): RevisionListenerHandle {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    if (closed || client) return;
    const next = new pg.Client({ connectionString, application_name: 'emargement-live' });
    client = next;
    next.on('notification', (message) => {
      if (message.channel !== channel) return;
      const parsed = parsePayload(message.payload);
      if (parsed) feed.publish(parsed.orgId, parsed.revision);
    });
    const reopen = (error?: Error) => {
      if (error) onError?.(error);
      if (client !== next) return;
      client = null;
      void next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), LISTEN_RETRY_MS);
    };
    next.on('error', reopen);
    next.on('end', () => reopen());
    try {
      await next.connect();
      await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      reopen(error instanceof Error ? error : new Error(String(error)));
    }
  };

  return {
    ensure: () => void connect(),
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
