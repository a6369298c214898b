/**
 * What the status bar counts as "modification(s) en attente" (issue 33 point 7): the actions a person took,
 * not the records they wrote. One check-in writes its log and its notification in one transaction, and every
 * mutation of one transaction carries the same `createdAt` and `author` (src/db/repository.ts writeBatch):
 * one action is one distinct (author, createdAt) pair among the waiting mutations.
 */
export interface PendingMutationStamp {
  createdAt: string;
  author?: string | null | undefined;
}

export function countPendingActions(mutations: readonly PendingMutationStamp[]): number {
  const actions = new Set<string>();
  for (const m of mutations) actions.add(`${m.author ?? ''}\u0000${m.createdAt}`);
  return actions.size;
}
