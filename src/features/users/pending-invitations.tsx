import { useMemo } from 'react';
import { needsInvitation } from '../../domain/auth/invitation';
import type { User } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';

/**
 * The accounts that cannot sign in until an administrator hands them an invitation (issue 29): still waiting
 * for their first password with no valid one-time password (an initial password of an older version, a
 * migrated account, an expired or never handed invitation). Reported here to whoever manages users.
 */
export function PendingInvitations({ users }: { users: readonly User[] }) {
  const pending = useMemo(() => {
    const now = new Date();
    return users.filter((u) => !u.isEmergency && needsInvitation(u, now));
  }, [users]);
  if (pending.length === 0) return null;
  return (
    <section className="pending-invitations" aria-labelledby="pending-invitations-title">
      <h3 id="pending-invitations-title">{fr.invitations.pendingTitle(pending.length)}</h3>
      <p>{fr.invitations.pendingHint}</p>
      <ul>
        {pending.slice(0, 50).map((u) => (
          <li key={u.id}>
            {u.name} ({u.email})
          </li>
        ))}
      </ul>
    </section>
  );
}
