import type { AppDatabase } from '../../db/database';
import { writeBatch, type Writer } from '../../db/repository';
import { buildUserLog, type Actor } from '../../domain/journal/user-log';
import { randomId } from '../../domain/secrets';
import type { FieldChange, User, UserLogAction, UserStatus } from '../../domain/store/schema';
import { userFieldChanges, type NameLookups } from '../../domain/users/field-changes';

export async function nameLookups(db: AppDatabase): Promise<NameLookups> {
  const [profiles, institutes, levels] = await Promise.all([
    db.profiles.toArray(),
    db.institutes.toArray(),
    db.levels.toArray(),
  ]);
  return {
    profiles: new Map(profiles.map((p) => [p.id, p.name])),
    institutes: new Map(institutes.map((i) => [i.id, i.name])),
    levels: new Map(levels.map((l) => [l.id, l.name])),
  };
}

async function log(
  w: Writer,
  action: UserLogAction,
  target: User,
  actor: Actor,
  details?: string,
  fields?: FieldChange[],
) {
  await w.put(
    'userLogs',
    buildUserLog({
      id: randomId('log-'),
      action,
      target,
      actor,
      now: new Date(),
      ...(details ? { details } : {}),
      ...(fields ? { fields } : {}),
    }),
  );
}

/**
 * New users have no password (issue 29: no shared initial password): the administrator hands them an
 * invitation, a one-time password the server makes (72 hours), to change at the first login.
 */
export interface NewUserDraft {
  name: string;
  email: string;
  profileId: string;
  status: UserStatus;
  extra: Record<string, unknown>;
}

export async function createUser(db: AppDatabase, draft: NewUserDraft, actor: Actor): Promise<User> {
  const names = await nameLookups(db);
  const user: User = { ...draft, id: randomId('u-'), mustChangePassword: true };
  await writeBatch(db, async (w) => {
    await w.put('users', user);
    await log(w, 'create', user, actor, undefined, userFieldChanges(null, user, names));
  });
  return user;
}

/** The fields an edit form owns; everything else of a user (hashes, status, PIN state) is left as stored. */
export interface UserEdit {
  name: string;
  email: string;
  profileId: string;
  extra: Record<string, unknown>;
}

/**
 * What the person changed in the form (against the record the form opened with), applied on top of the
 * record as stored now: the sync may have written the user meanwhile (the server's own initial-password
 * hash after a creation, another administrator's edit), and writing the form's whole copy back would undo
 * it (refused by the server as a pushed hash, losing the edit).
 */
export function applyUserEdit(stored: User, opened: User, edit: UserEdit): User {
  const next: User = { ...stored };
  if (edit.name !== opened.name) next.name = edit.name;
  if (edit.email !== opened.email) next.email = edit.email;
  if (edit.profileId !== opened.profileId) next.profileId = edit.profileId;
  const openedExtra = opened.extra ?? {};
  const extra: Record<string, unknown> = { ...(stored.extra ?? {}) };
  let extraChanged = false;
  for (const key of new Set([...Object.keys(openedExtra), ...Object.keys(edit.extra)])) {
    if (JSON.stringify(edit.extra[key]) === JSON.stringify(openedExtra[key])) continue;
    extraChanged = true;
    if (key in edit.extra) extra[key] = edit.extra[key];
    else delete extra[key];
  }
  if (extraChanged) next.extra = extra;
  return next;
}

/** An edit and its journal entry, with before/after of every changed field, in one transaction. */
export async function updateUser(db: AppDatabase, opened: User, edit: UserEdit, actor: Actor): Promise<void> {
  const names = await nameLookups(db);
  await writeBatch(db, async (w) => {
    const before = await w.get('users', opened.id);
    if (!before) return;
    const next = applyUserEdit(before, opened, edit);
    const fields = userFieldChanges(before, next, names);
    if (fields.length === 0) return;
    await w.put('users', next);
    await log(w, 'update', next, actor, undefined, fields);
  });
}

const STATUS_ACTION: Record<UserStatus, UserLogAction> = {
  Active: 'status-activate',
  Inactive: 'status-deactivate',
  Archived: 'archive',
};

/** Switch, archive (delete) and restore (-> Inactive) all go through here (spec part 1 point 4). */
export async function setUserStatus(
  db: AppDatabase,
  userId: string,
  status: UserStatus,
  actor: Actor,
  options: { isRestore?: boolean } = {},
): Promise<void> {
  const names = await nameLookups(db);
  await writeBatch(db, async (w) => {
    const before = await w.get('users', userId);
    if (!before || before.status === status) return;
    const next = { ...before, status };
    await w.put('users', next);
    const action: UserLogAction = options.isRestore ? 'update' : STATUS_ACTION[status];
    await log(
      w,
      action,
      next,
      actor,
      options.isRestore ? 'Restauration' : undefined,
      userFieldChanges(before, next, names),
    );
  });
}
