import { INITIAL_PASSWORD } from '../../config';
import type { AppDatabase } from '../../db/database';
import { writeBatch, type Writer } from '../../db/repository';
import { pinExpiry } from '../../domain/auth/pin';
import { ORG_SETTINGS_ID, PIN_VALIDITY_DAYS_DEFAULT } from '../../domain/defaults';
import { buildUserLog, type Actor } from '../../domain/journal/user-log';
import { generatePin, generateTemporaryPassword, hashSecret, randomId, saltOf } from '../../domain/secrets';
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

/** New users get the initial password and must change it at first login (spec part 1 points 4 and 9). */
export interface NewUserDraft {
  name: string;
  email: string;
  profileId: string;
  status: UserStatus;
  extra: Record<string, unknown>;
}

export async function createUser(db: AppDatabase, draft: NewUserDraft, actor: Actor): Promise<User> {
  const passwordHash = await hashSecret(INITIAL_PASSWORD);
  const names = await nameLookups(db);
  const user: User = { ...draft, id: randomId('u-'), passwordHash, mustChangePassword: true };
  await writeBatch(db, async (w) => {
    await w.put('users', user);
    await log(w, 'create', user, actor, undefined, userFieldChanges(null, user, names));
  });
  return user;
}

/** An edit and its journal entry, with before/after of every changed field, in one transaction. */
export async function updateUser(db: AppDatabase, next: User, actor: Actor): Promise<void> {
  const names = await nameLookups(db);
  await writeBatch(db, async (w) => {
    const before = await w.get('users', next.id);
    const fields = userFieldChanges(before ?? null, next, names);
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

/** Temporary password (spec part 1 point 9): shown once to the administrator, stored hashed, change forced. */
export async function resetWithTemporaryPassword(
  db: AppDatabase,
  userId: string,
  actor: Actor,
): Promise<string> {
  const password = generateTemporaryPassword();
  const passwordHash = await hashSecret(password);
  await writeBatch(db, async (w) => {
    const user = await w.patch('users', userId, { passwordHash, mustChangePassword: true });
    if (user) await log(w, 'password-temp-generated', user, actor);
  });
  return password;
}

/** A new PIN, shown once; validity from the organisation setting (1 to 365 days, default 90). */
export async function generateUserPin(db: AppDatabase, userId: string, actor: Actor): Promise<string> {
  const pin = generatePin();
  const pinHash = await hashSecret(pin);
  const now = new Date();
  const settings = await db.settings.get(ORG_SETTINGS_ID);
  const validityDays = settings?.pinValidityDays ?? PIN_VALIDITY_DAYS_DEFAULT;
  await writeBatch(db, async (w) => {
    const user = await w.patch('users', userId, {
      pinHash,
      pinSalt: saltOf(pinHash) ?? undefined,
      pinUpdatedAt: now.toISOString(),
      pinExpiresAt: pinExpiry(now, validityDays),
      pinFailedAttempts: 0,
      pinCooldownUntil: null,
    });
    if (user) await log(w, 'update', user, actor, 'Nouveau code PIN généré');
  });
  return pin;
}
