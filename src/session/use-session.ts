import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../db/database';
import { readSession, type SessionInfo } from './session';

export type SessionState =
  { status: 'loading' } | { status: 'signed-out' } | ({ status: 'signed-in' } & SessionInfo);

/** Re-renders when the user, their profile or the device's session changes (useLiveQuery). */
export function useSession(): SessionState {
  const session = useLiveQuery(() => readSession(appDb()), [], 'loading' as const);
  if (session === 'loading') return { status: 'loading' };
  if (session === null) return { status: 'signed-out' };
  return { status: 'signed-in', ...session };
}

export function useSignedInSession(): Extract<SessionState, { status: 'signed-in' }> | null {
  const session = useSession();
  return session.status === 'signed-in' ? session : null;
}
