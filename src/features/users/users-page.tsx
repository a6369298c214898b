import { useMemo, useState } from 'react';
import { Button, Input, Label, SearchField } from 'react-aria-components';
import { appDb } from '../../db/database';
import type { Actor } from '../../domain/journal/user-log';
import type { User, UserStatus } from '../../domain/store/schema';
import { filterUsers, NO_USER_FILTER, type UserFilter } from '../../domain/users/user-filters';
import {
  bulkTargets,
  emailTaken,
  grantableProfiles,
  mayManageRow,
  userActionRefusal,
  type Manager,
} from '../../domain/users/user-rights';
import { fr } from '../../i18n/fr';
import { useSignedInSession } from '../../session/use-session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast';
import { SecretDialog } from './secret-dialog';
import { UserEditorDialog } from './user-editor-dialog';
import { UserFilterDialog } from './user-filter-dialog';
import {
  createResetLink,
  createUser,
  generateUserPin,
  resetWithTemporaryPassword,
  setUserStatus,
  updateUser,
} from './users-service';
import { UsersTable, type UserAction } from './users-table';
import { useUsersData } from './use-users-data';

type BulkAction = 'activate' | 'deactivate' | 'archive';

const STATUS_OF: Record<BulkAction, UserStatus> = {
  activate: 'Active',
  deactivate: 'Inactive',
  archive: 'Archived',
};

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'filter' }
  | { kind: 'bulk'; action: BulkAction; targets: readonly User[]; skipped: number }
  | { kind: UserAction; user: User }
  | null;

/** /users (spec part 1 point 2): search, filters, selection, wizard, and the row actions. */
export function UsersPage() {
  const data = useUsersData();
  const session = useSignedInSession();
  const toast = useToast();
  const [filter, setFilter] = useState<UserFilter>(NO_USER_FILTER);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const shown = useMemo(() => (data ? filterUsers(data.users, data.profiles, filter) : []), [data, filter]);
  const profileMap = useMemo(() => new Map((data?.profiles ?? []).map((p) => [p.id, p])), [data]);
  if (!data || !session) return <p className="page-loading">{fr.app.loading}</p>;
  const actor: Actor = { id: session.user.id, name: session.user.name };
  // Rights bound what one can grant (domain/users/user-rights, the server's rules too).
  const manager: Manager = { userId: session.user.id, granted: session.granted };
  const grantable = grantableProfiles(manager.granted, data.profiles);
  const refusalText = (action: Parameters<typeof userActionRefusal>[1], user: User): string | null => {
    const refusal = userActionRefusal(manager, action, user, data.profiles, data.users);
    return refusal ? fr.securityUsers.refusals[refusal] : null;
  };
  const db = appDb();
  const close = () => setDialog(null);

  const changeStatus = async (ids: readonly string[], status: UserStatus) => {
    for (const id of ids) await setUserStatus(db, id, status, actor);
    toast.show(
      status === 'Active'
        ? fr.users.activated
        : status === 'Inactive'
          ? fr.users.deactivated
          : fr.users.archived,
    );
  };
  const toggleStatus = (user: User, on: boolean) => {
    const refused = refusalText(on ? 'activate' : 'deactivate', user);
    if (refused) return toast.show(refused, 'error');
    void changeStatus([user.id], on ? 'Active' : 'Inactive');
  };
  const openBulk = (action: BulkAction) => {
    const chosen = data.users.filter((u) => selection.includes(u.id));
    const targets = bulkTargets(manager, action, chosen, data.profiles, data.users);
    if (targets.length === 0) return toast.show(fr.securityUsers.bulkNone, 'error');
    setDialog({ kind: 'bulk', action, targets, skipped: chosen.length - targets.length });
  };
  const onAction = (user: User, action: UserAction) => {
    const refused = action === 'edit' ? null : refusalText(action === 'password' ? 'password' : action, user);
    if (refused) return toast.show(refused, 'error');
    if (action === 'restore') {
      void setUserStatus(db, user.id, 'Inactive', actor, { isRestore: true }).then(() =>
        toast.show(fr.users.restored),
      );
    } else setDialog({ kind: action, user });
  };
  const selection = [...selected].filter((id) => shown.some((u) => u.id === id));

  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title" className="visually-hidden">
        {fr.users.title}
      </h2>
      <div className="toolbar">
        <SearchField
          className="field grow"
          value={filter.query}
          onChange={(query) => setFilter({ ...filter, query })}
        >
          <Label className="visually-hidden">{fr.users.search}</Label>
          <Input placeholder={fr.users.search} />
        </SearchField>
        <Button className="button secondary" onPress={() => setDialog({ kind: 'filter' })}>
          {fr.users.filters}
          {filter.status !== 'all' || filter.profileId !== 'all' ? ' •' : ''}
        </Button>
        <Button className="button primary" onPress={() => setDialog({ kind: 'create' })}>
          {fr.users.add}
        </Button>
      </div>
      <div className="toolbar">
        <p className="count-line" role="status">
          {fr.users.count(shown.length, data.users.length)}
          {selection.length > 0 ? ` · ${fr.users.selected(selection.length)}` : ''}
        </p>
        {selection.length > 0 ? (
          <>
            <Button className="button small" onPress={() => openBulk('activate')}>
              {fr.users.bulkActivate}
            </Button>
            <Button className="button small" onPress={() => openBulk('deactivate')}>
              {fr.users.bulkDeactivate}
            </Button>
            <Button className="button small" onPress={() => openBulk('archive')}>
              {fr.users.bulkArchive}
            </Button>
          </>
        ) : null}
      </div>
      {shown.length === 0 ? (
        <p className="empty">{fr.users.empty}</p>
      ) : (
        <UsersTable
          users={shown}
          profiles={profileMap}
          selected={selected}
          onSelect={setSelected}
          onToggleStatus={toggleStatus}
          onAction={onAction}
          selfId={session.user.id}
          rowRefusal={(u) => mayManageRow(manager, u, data.profiles)}
        />
      )}
      {dialog?.kind === 'filter' ? (
        <UserFilterDialog
          isOpen
          onOpenChange={close}
          filter={filter}
          profiles={data.profiles}
          onApply={setFilter}
        />
      ) : null}
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <UserEditorDialog
          key={dialog.kind === 'edit' ? dialog.user.id : 'new'}
          user={dialog.kind === 'edit' ? dialog.user : null}
          isOpen
          onOpenChange={close}
          profiles={data.profiles}
          grantable={grantable}
          isSelf={dialog.kind === 'edit' && dialog.user.id === session.user.id}
          isEmailTaken={(email) =>
            emailTaken(data.users, email, dialog.kind === 'edit' ? dialog.user.id : '')
          }
          institutes={data.institutes}
          levels={data.levels}
          onSave={async (draft) => {
            if (dialog.kind === 'edit') await updateUser(db, { ...dialog.user, ...draft }, actor);
            else await createUser(db, { ...draft, status: 'Active' }, actor);
            toast.show(fr.users.saved);
          }}
        />
      ) : null}
      {dialog?.kind === 'password' ? (
        <SecretDialog
          isOpen
          onOpenChange={close}
          title={fr.users.tempPasswordTitle}
          confirmText={fr.users.tempPasswordConfirm(dialog.user.name)}
          revealText={fr.users.tempPasswordIntro(dialog.user.name)}
          copiedText={fr.users.passwordCopied}
          generate={() => resetWithTemporaryPassword(db, dialog.user.id)}
        />
      ) : null}
      {dialog?.kind === 'reset-link' ? (
        <SecretDialog
          isOpen
          onOpenChange={close}
          title={fr.securityUsers.resetLinkTitle}
          confirmText={fr.securityUsers.resetLinkConfirm(dialog.user.name)}
          revealText={fr.securityUsers.resetLinkIntro(dialog.user.name)}
          copiedText={fr.securityUsers.resetLinkCopied}
          generateLabel={fr.securityUsers.createLink}
          generate={() => createResetLink(db, dialog.user.id, window.location.origin)}
        />
      ) : null}
      {dialog?.kind === 'pin' ? (
        <SecretDialog
          isOpen
          onOpenChange={close}
          title={fr.users.pinTitle}
          confirmText={fr.users.pinConfirm(dialog.user.name)}
          revealText={fr.users.pinIntro(dialog.user.name, data.pinValidityDays)}
          copiedText={fr.users.pinCopied}
          generatedText={fr.users.pinGenerated}
          generate={() => generateUserPin(db, dialog.user.id)}
        />
      ) : null}
      {dialog?.kind === 'archive' ? (
        <ConfirmDialog
          isOpen
          onOpenChange={close}
          title={fr.users.archiveConfirmTitle}
          message={fr.users.archiveConfirm(dialog.user.name)}
          confirmLabel={fr.users.archive}
          onConfirm={() => changeStatus([dialog.user.id], 'Archived')}
        />
      ) : null}
      {dialog?.kind === 'bulk' ? (
        <ConfirmDialog
          isOpen
          onOpenChange={close}
          title={fr.securityUsers.bulkConfirmTitle[dialog.action]}
          message={
            fr.securityUsers.bulkConfirm[dialog.action](dialog.targets.length) +
            (dialog.skipped > 0 ? ` ${fr.securityUsers.bulkSkipped(dialog.skipped)}` : '')
          }
          confirmLabel={fr.securityUsers.bulkConfirmLabel[dialog.action]}
          onConfirm={async () => {
            await changeStatus(
              dialog.targets.map((u) => u.id),
              STATUS_OF[dialog.action],
            );
            setSelected(new Set());
          }}
        />
      ) : null}
    </section>
  );
}
