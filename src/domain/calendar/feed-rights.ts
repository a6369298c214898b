import type { FeedKey, FeedRefusal } from '../api-schemas/calendar';
import { PLANNING_ACTIONS_MODULE_ID } from '../planning/permissions';
import type { FeedSubject } from './feed-events';

/** Who asks for a feed address: a kiosk, or a person with the modules her session acts with. */
export type FeedRequester =
  | { kind: 'kiosk' }
  | { kind: 'user'; userId: string; loginMode: 'pin' | 'password'; granted: ReadonlySet<string> };

/**
 * Issue 35: every person gets the feed of her own courses; an administrator of the plannings (the actions of
 * Consulter, planning.consulter.actions) also one per class or per teacher. A kiosk gets none, nor a PIN
 * session (a shared tablet: an address shown there would be read by the next person).
 */
export function feedRequestRefusal(requester: FeedRequester, key: FeedKey): FeedRefusal | null {
  if (requester.kind === 'kiosk') return 'kiosk';
  if (requester.loginMode === 'pin') return 'pin-session';
  if (key.kind === 'me') return null;
  if (key.kind === 'teacher' && key.targetId === requester.userId) return null;
  return mayHoldOthersFeeds(requester.granted) ? null : 'not-admin';
}

/** Whether the owner of a class or teacher feed still may read it (checked at every fetch). */
export function mayHoldOthersFeeds(granted: ReadonlySet<string>): boolean {
  return granted.has(PLANNING_ACTIONS_MODULE_ID);
}

/** The key's canonical target: the owner herself for 'me'. */
export function feedTargetOf(ownerId: string, key: FeedKey): string {
  return key.kind === 'me' ? ownerId : key.targetId;
}

export function feedSubjectOf(ownerId: string, key: FeedKey): FeedSubject {
  if (key.kind === 'class') return { kind: 'class', classId: key.targetId };
  return { kind: 'teacher', userId: feedTargetOf(ownerId, key) };
}
