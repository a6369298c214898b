import { useMemo } from 'react';
import type { User } from '../../domain/store/schema';
import { isEmailToComplete } from '../../domain/users/email-to-complete';
import { frEmailToComplete } from '../../i18n/fr-import-levels';

/**
 * Issue 33 point 5: the accounts an import created without an e-mail, asked here to whoever manages users
 * until their real address is typed (their provisional identifier can never receive "Mot de passe oublié").
 */
export function EmailsToComplete({ users }: { users: readonly User[] }) {
  const toComplete = useMemo(
    () => users.filter((u) => u.status !== 'Archived' && isEmailToComplete(u.email)),
    [users],
  );
  if (toComplete.length === 0) return null;
  return (
    <section className="pending-invitations" aria-labelledby="emails-to-complete-title">
      <h3 id="emails-to-complete-title">{frEmailToComplete.usersTitle(toComplete.length)}</h3>
      <p>{frEmailToComplete.usersHint}</p>
      <ul>
        {toComplete.slice(0, 50).map((u) => (
          <li key={u.id}>
            {u.name} ({u.email})
          </li>
        ))}
      </ul>
    </section>
  );
}
