/**
 * Revisions committed to organisations, as they happen (GET /api/live pushes them to devices). Listeners
 * hear each organisation's revisions in increasing order only: a revision heard twice (this server's own
 * commit, then the database's notification of it) or late is dropped.
 */
export type RevisionListener = (orgId: string, revision: number) => void;

export class RevisionFeed {
  private readonly listeners = new Set<RevisionListener>();
  private readonly latest = new Map<string, number>();

  get size(): number {
    return this.listeners.size;
  }

  subscribe(listener: RevisionListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  publish(orgId: string, revision: number): void {
    if (revision <= (this.latest.get(orgId) ?? 0)) return;
    this.latest.set(orgId, revision);
    for (const listener of [...this.listeners]) {
      try {
        listener(orgId, revision);
      } catch {
        // One broken stream must not keep the others from hearing the revision.
      }
    }
  }
}
