import { fr } from '../../i18n/fr';
import { useUsersPage } from './use-users-page';
import { UsersDialogs } from './users-dialogs';
import { UsersTable } from './users-table';
import { UsersToolbar } from './users-toolbar';
import { EmailsToComplete } from './emails-to-complete';
import { PendingInvitations } from './pending-invitations';

/** /users (spec part 1 point 2): search, filters, selection, wizard, and the row actions. */
export function UsersPage() {
  const model = useUsersPage();
  if (!model) return <p className="page-loading">{fr.app.loading}</p>;
  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title" className="visually-hidden">
        {fr.users.title}
      </h2>
      <UsersToolbar model={model} />
      <PendingInvitations users={model.data.users} />
      <EmailsToComplete users={model.data.users} />
      {model.shown.length === 0 ? (
        <p className="empty">{fr.users.empty}</p>
      ) : (
        <UsersTable
          users={model.shown}
          profiles={model.profileMap}
          selected={model.selected}
          onSelect={model.setSelected}
          onToggleStatus={model.toggleStatus}
          onAction={model.onAction}
          selfId={model.selfId}
          rowRefusal={model.rowRefusal}
        />
      )}
      <UsersDialogs model={model} />
    </section>
  );
}
