import { DateTime } from 'luxon';
import {
  catalogueModules,
  defaultProfiles,
  PIN_VALIDITY_DAYS_DEFAULT,
  SUPER_ADMIN_PROFILE_ID,
} from '../defaults';
import { MODULE_IDS } from '../module-catalogue';
import { withImpliedModules } from '../profiles/module-selection';
import { isEncodedHash, saltOf } from '../secrets';
import { hasActiveFullAdmin, holdsTeacherToday } from './access';
import { hashClearSecrets } from './clear-secrets';
import type { StoreV1, User } from './schema';

export interface MigrationContext {
  now: Date;
  /** The configured initial password ({key} of the spec) for new and migrated users. */
  initialPassword: string;
  hashSecret: (secret: string) => Promise<string>;
  generatePin: () => string;
  newId: () => string;
  /** Random part of the emergency administrator's local address. */
  randomToken: () => string;
  /**
   * The store comes from the server, filtered for this session (domain/access/read.ts): other users arrive without their
   * password and PIN hashes, and administrators may be hidden from a kiosk. Nothing is invented for them
   * (no initial password, no PIN, no emergency administrator): the server is the authority on secrets.
   */
  fromServer?: boolean;
}

export interface MigrationReport {
  hashedClearPasswords: string[];
  initialPasswordUsers: string[];
  hashedClearPins: string[];
  generatedPinUsers: string[];
  droppedModuleIds: string[];
  profilesSeeded: boolean;
  emergencyAdminId: string | null;
  clearedCurrentUserId: boolean;
}

export const EMERGENCY_EMAIL_DOMAIN = 'local.invalid';

export { hasActiveFullAdmin, holdsTeacherToday };

/**
 * Load-time migrations of spec part 1 point 4, applied to every store that enters the app (remote load,
 * file import, legacy localStorage copy). Never drops data: it fills, hashes and repairs.
 */
export async function migrateStore(
  input: StoreV1,
  ctx: MigrationContext,
): Promise<{ store: StoreV1; report: MigrationReport }> {
  const report: MigrationReport = {
    hashedClearPasswords: [],
    initialPasswordUsers: [],
    hashedClearPins: [],
    generatedPinUsers: [],
    droppedModuleIds: [],
    profilesSeeded: false,
    emergencyAdminId: null,
    clearedCurrentUserId: false,
  };
  const nowIso = ctx.now.toISOString();
  const store: StoreV1 = { ...input };

  // Module catalogue synchronised: names updated, new modules added, unknown ids dropped from profiles.
  store.modules = catalogueModules();
  // Teacher modules bring teacher.contract (module-selection.ts): the menu already offered "Mon contrat" to
  // these profiles' users, now the profile says so too. Access does not change.
  let profiles = store.profiles.map((p) => {
    const kept = p.moduleIds.filter((id) => MODULE_IDS.has(id));
    report.droppedModuleIds.push(...p.moduleIds.filter((id) => !MODULE_IDS.has(id)));
    const implied = withImpliedModules(new Set(kept));
    const full = [...kept, ...[...implied].filter((id) => !kept.includes(id))];
    return full.length === p.moduleIds.length && kept.length === full.length ? p : { ...p, moduleIds: full };
  });
  if (profiles.length === 0) {
    profiles = defaultProfiles();
    report.profilesSeeded = true;
  }
  store.profiles = profiles;

  // One hash of the initial password shared by every user who gets it: its clear value is configuration,
  // not a secret of theirs, and hashing 600,000 rounds per user would freeze large imports.
  let initialHash: Promise<string> | null = null;
  const getInitialHash = () => (initialHash ??= ctx.hashSecret(ctx.initialPassword));
  const settings = store.settings.find((s) => s.id === 'org');
  const pinValidityDays = settings?.pinValidityDays ?? PIN_VALIDITY_DAYS_DEFAULT;

  store.users = await Promise.all(
    store.users.map(async (original) => {
      const cleaned = await hashClearSecrets(original, ctx.hashSecret, nowIso);
      const user = cleaned.user;
      if (cleaned.hashedPassword) report.hashedClearPasswords.push(user.id);
      if (cleaned.hashedPin) report.hashedClearPins.push(user.id);
      if (ctx.fromServer) return user;
      if (!isEncodedHash(user.passwordHash)) {
        user.passwordHash = await getInitialHash();
        user.mustChangePassword = true;
        report.initialPasswordUsers.push(user.id);
      }
      if (!isEncodedHash(user.pinHash) && holdsTeacherToday(profiles, user)) {
        user.pinHash = await ctx.hashSecret(ctx.generatePin());
        user.pinSalt = saltOf(user.pinHash) ?? undefined;
        user.pinUpdatedAt = nowIso;
        user.pinExpiresAt = DateTime.fromJSDate(ctx.now, { zone: 'utc' })
          .plus({ days: pinValidityDays })
          .toISO();
        user.pinFailedAttempts = 0;
        user.pinCooldownUntil = null;
        report.generatedPinUsers.push(user.id);
      }
      return user;
    }),
  );

  if (!ctx.fromServer && !hasActiveFullAdmin(store, { excludeEmergency: false })) {
    if (!store.profiles.some((p) => p.id === SUPER_ADMIN_PROFILE_ID)) {
      const superAdmin = defaultProfiles().find((p) => p.id === SUPER_ADMIN_PROFILE_ID);
      if (superAdmin) store.profiles = [superAdmin, ...store.profiles];
    }
    const emergency: User = {
      id: ctx.newId(),
      name: 'Super Admin (secours)',
      email: `urgence-${ctx.randomToken()}@${EMERGENCY_EMAIL_DOMAIN}`,
      profileId: SUPER_ADMIN_PROFILE_ID,
      status: 'Active',
      passwordHash: await getInitialHash(),
      mustChangePassword: true,
      isEmergency: true,
      extra: {},
    };
    store.users = [...store.users, emergency];
    report.emergencyAdminId = emergency.id;
  }

  if (store.currentUserId != null && !store.users.some((u) => u.id === store.currentUserId)) {
    store.currentUserId = null;
    report.clearedCurrentUserId = true;
  }
  return { store, report };
}
