import type { WriterNumbers } from './record-rows';

/**
 * Device ids ↔ their numbers in one organisation's `writers` table (migration 9), as far as one reader knows
 * them. A number, once given, never changes nor goes: a map of committed entries may be kept for as long as
 * the process lives; a write transaction keeps the entries it read or added in a map of its own, merged into
 * the shared one only after its COMMIT (a rolled-back number may be given to another device).
 */
export class WriterMap {
  private readonly numbers = new Map<string, number>();
  private readonly clients = new Map<number, string>();

  add(n: number, clientId: string): void {
    this.numbers.set(clientId, n);
    this.clients.set(n, clientId);
  }

  numberOf(clientId: string): number | undefined {
    return this.numbers.get(clientId);
  }

  clientOf(n: number): string | undefined {
    return this.clients.get(n);
  }

  /** Adds every entry of `other`. */
  merge(other: WriterMap): void {
    for (const [n, clientId] of other.clients) this.add(n, clientId);
  }
}

/** The numbers of `maps` (first one that knows), as encodeStamps and decodeStamps ask them: all resolved before. */
export function knownWriters(...maps: WriterMap[]): WriterNumbers {
  return {
    numberOf: (clientId) => {
      for (const map of maps) {
        const n = map.numberOf(clientId);
        if (n !== undefined) return n;
      }
      throw new Error(`device ${clientId} has no writer number`);
    },
    clientOf: (n) => {
      for (const map of maps) {
        const clientId = map.clientOf(n);
        if (clientId !== undefined) return clientId;
      }
      throw new Error(`writer number ${n} is unknown`);
    },
  };
}

/** Gives the organisation's next number: max + 1 (the organisation's write lock is held). */
export const NEW_WRITER_SQL = {
  /** Parameters: organisation, device id, organisation. */
  sqlite: `INSERT INTO writers (org_id, n, client_id)
    SELECT ?, coalesce(max(n), 0) + 1, ? FROM writers WHERE org_id = ? RETURNING n`,
  postgres: `INSERT INTO writers (org_id, n, client_id)
    SELECT $1, coalesce(max(n), 0) + 1, $2 FROM writers WHERE org_id = $1 RETURNING n`,
};
