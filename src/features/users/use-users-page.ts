import { useDeferredValue, useMemo, useState } from 'react';
import { appDb } from '../../db/database';
import type { Actor } from '../../domain/journal/user-log';
import type { Profile, User, UserStatus } from '../../domain/store/schema';
import { filterUsers, NO_USER_FILTER, type UserFilter } from '../../domain/users/user-filters';
import {
  bulkTargets,
  emailTaken,
  grantableProfiles,
  mayManageRow,
  userActionRefusal,
  type Manager,
  type UserActionRefusal,
} from '../../domain/users/user-rights';
import { fr } from '../../i18n/fr';
import { useSignedInSession } from '../../session/use-session';
import { useToast } from '../../ui/toast';
import type { UserDraft } from './user-editor-dialog';
import type { UserAction } from './user-row';
import { useUsersData } from './use-users-data';
import { createUser, setUserStatus, updateUser } from '../../services/users/user-edits';

export type BulkAction = 'activate' | 'deactivate' | 'archive';

const STATUS_OF: Record<BulkAction, UserStatus> = {
  activate: 'Active',
  deactivate: 'Inactive',
  archive: 'Archived',
};

export type OpenDialog =
  | { kind: 'create' }
  | { kind: 'filter' }
  | { kind: 'bulk'; action: BulkAction; targets: readonly User[]; skipped: number }
  | { kind: UserAction; user: User }
  /** A new account's invitation (its one-time password), offered right after its creation. */
  | { kind: 'invitation'; user: User }
  | null;

/**
 * Everything /users shows and does, for thin views: the data (live), the search and filters, the selection,
 * which dialog is open, and the writes with their toasts. Rights bound every action
 * (domain/users/user-rights, the server's rules too).
 */
export function useUsersPage() {
  // Deferred: the screen is drawn in a transition, which React splits into short tasks (a phone stays
  // responsive while the toolbar and a dozen rows of controls are created); a write shows the same way.
  const data = useDeferredValue(useUsersData());
  const session = useSignedInSession();
  const toast = useToast();
  const [filter, setFilter] = useState<UserFilter>(NO_USER_FILTER);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const shown = useMemo(() => (data ? filterUsers(data.users, data.profiles, filter) : []), [data, filter]);
  const profileMap = useMemo(
    () => new Map<string, Profile>((data?.profiles ?? []).map((p) => [p.id, p])),
    [data],
  );
  if (!data || !session) return null;

  const db = appDb();
  const actor: Actor = { id: session.user.id, name: session.user.name };
  const manager: Manager = { userId: session.user.id, granted: session.granted };
  const selection = [...selected].filter((id) => shown.some((u) => u.id === id));
  const close = () => setDialog(null);
  const refusalText = (action: Parameters<typeof userActionRefusal>[1], user: User): string | null => {
    const refusal = userActionRefusal(manager, action, user, data.profiles, data.users);
    return refusal ? fr.securityUsers.refusals[refusal] : null;
  };

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

  return {
    data,
    selfId: session.user.id,
    filter,
    setFilter,
    shown,
    profileMap,
    selected,
    setSelected,
    selection,
    dialog,
    setDialog,
    close,
    grantable: grantableProfiles(manager.granted, data.profiles),
    rowRefusal: (user: User): UserActionRefusal | null => mayManageRow(manager, user, data.profiles),
    isEmailTaken: (email: string, ownId: string) => emailTaken(data.users, email, ownId),
    toggleStatus: (user: User, on: boolean) => {
      const refused = refusalText(on ? 'activate' : 'deactivate', user);
      if (refused) return toast.show(refused, 'error');
      void changeStatus([user.id], on ? 'Active' : 'Inactive');
    },
    openBulk: (action: BulkAction) => {
      const chosen = data.users.filter((u) => selection.includes(u.id));
      const targets = bulkTargets(manager, action, chosen, data.profiles, data.users);
      if (targets.length === 0) return toast.show(fr.securityUsers.bulkNone, 'error');
      setDialog({ kind: 'bulk', action, targets, skipped: chosen.length - targets.length });
    },
    confirmBulk: async (action: BulkAction, targets: readonly User[]) => {
      await changeStatus(
        targets.map((u) => u.id),
        STATUS_OF[action],
      );
      setSelected(new Set());
    },
    archive: (user: User) => changeStatus([user.id], 'Archived'),
    onAction: (user: User, action: UserAction) => {
      const refused =
        action === 'edit' ? null : refusalText(action === 'password' ? 'password' : action, user);
      if (refused) return toast.show(refused, 'error');
      if (action === 'restore') {
        void setUserStatus(db, user.id, 'Inactive', actor, { isRestore: true }).then(() =>
          toast.show(fr.users.restored),
        );
      } else setDialog({ kind: action, user });
    },
    /**
     * Saves the editor's draft: the edited user, or a new active one, without password: its invitation is
     * offered next (issue 29, no shared initial password).
     */
    saveUser: async (editing: User | null, draft: UserDraft) => {
      if (editing) await updateUser(db, editing, draft, actor);
      else {
        const user = await createUser(db, { ...draft, status: 'Active' }, actor);
        setDialog({ kind: 'invitation', user });
      }
      toast.show(fr.users.saved);
    },
    /** The editor closes itself after saving: the invitation it opened stays. */
    closeEditor: () => setDialog((open) => (open?.kind === 'create' || open?.kind === 'edit' ? null : open)),
  };
}

export type UsersPageModel = NonNullable<ReturnType<typeof useUsersPage>>;
