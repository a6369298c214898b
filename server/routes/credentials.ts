import type { FastifyInstance, FastifyReply } from 'fastify';
import { effectiveModules } from '../../src/domain/access/viewer';
import {
  CREDENTIAL_USER_ID_PATTERN as ID_PATTERN,
  type PinAnswer,
  type RefusalAnswer,
  type ResetLinkAnswer,
  type TemporaryPasswordAnswer,
} from '../../src/domain/api-schemas/credentials';
import { pinExpiry } from '../../src/domain/auth/pin';
import { invitationExpiry } from '../../src/domain/auth/invitation';
import { RESET_TOKEN_HEX_LENGTH, resetTokenExpiry } from '../../src/domain/auth/password';
import { ORG_SETTINGS_ID, PIN_VALIDITY_DAYS_DEFAULT } from '../../src/domain/defaults';
import { buildUserLog } from '../../src/domain/journal/user-log';
import {
  generatePin,
  generateTemporaryPassword,
  hashSecret,
  randomHex,
  randomId,
  saltOf,
  sha256Hex,
} from '../../src/domain/secrets';
import type { Profile, User, UserLogAction } from '../../src/domain/store/schema';
import type { RecordData } from '../../src/domain/sync/merge';
import { userActionRefusal, type UserAction } from '../../src/domain/users/user-rights';
import { frSecurityUsers } from '../../src/i18n/fr-security-users';
import { applyServerChanges } from '../auth/server-writes';
import type { ServerConfig } from '../config';
import type { SyncStorage } from '../storage/sync-storage';
import { sessionOf } from './org-session';

/**
 * Credentials made by the server for a user someone manages (spec part 1 point 9; the rights of
 * domain/users/user-rights): a temporary password, a PIN, a password-reset link. The caller must be allowed
 * to manage that user; the server hashes, writes the record and its journal entry through the change log
 * (devices receive them like any change), and answers the clear value once, to the caller only.
 *
 * - POST /api/users/:id/temporary-password?orgId= -> {password, expiresAt}: the invitation of a new account
 *   too (a one-time password, valid 72 hours)
 * - POST /api/users/:id/pin?orgId= -> {pin, expiresAt}
 * - POST /api/users/:id/reset-link?orgId= -> {path, link, expiresAt}
 */
export interface CredentialDeps {
  storage: SyncStorage;
  config: ServerConfig;
  clock?: () => Date;
}

interface Made {
  fields: RecordData;
  log: { action: UserLogAction; details?: string };
  answer: Record<string, unknown>;
  /** Once written (e.g. the account's sessions closed). */
  afterWrite?: () => Promise<void>;
}

type Maker = (ctx: { user: User; orgId: string; now: Date }) => Promise<Made>;

function refusal(reply: FastifyReply, status: number, code: keyof typeof frSecurityUsers.refusals) {
  const answer: RefusalAnswer = { error: code, message: frSecurityUsers.refusals[code] };
  return reply.code(status).send(answer);
}

export function registerCredentialRoutes(app: FastifyInstance, deps: CredentialDeps): void {
  const { storage, config } = deps;
  const clock = deps.clock ?? (() => new Date());

  const route = (suffix: string, action: UserAction, make: Maker) =>
    // The session and its organisation (?orgId=) come from the one hook (org-session.ts): 401, 403, 400.
    app.post(`/api/users/:id/${suffix}`, { config: { session: 'required' } }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { orgId } = request;
      const { id } = request.params as { id: string };
      if (!ID_PATTERN.test(id)) return reply.code(400).send({ error: 'invalid-request' });
      const auth = sessionOf(request);
      if (auth.viewer.kind !== 'user') return refusal(reply, 403, 'no-users-module');
      const manager = { userId: auth.viewer.userId, granted: effectiveModules(auth.viewer) };
      const profiles: readonly Profile[] = auth.profiles;
      const [record] = await storage.readRecords(orgId, [{ collection: 'users', id }]);
      if (!record) return reply.code(404).send({ error: 'not-found' });
      const user = record.data as User;
      const refused = userActionRefusal(manager, action, user, profiles);
      if (refused) return refusal(reply, 403, refused);
      const now = clock();
      const made = await make({ user, orgId, now });
      const actor = { id: auth.viewer.userId, name: auth.user?.name ?? null };
      const log = buildUserLog({
        id: randomId('log-'),
        action: made.log.action,
        target: user,
        actor,
        now,
        ...(made.log.details ? { details: made.log.details } : {}),
      });
      // The rights are checked again on the record as the transaction reads it: a profile changed in between
      // (or an archive) is not overtaken.
      let stillAllowed = true;
      const written = await applyServerChanges(
        storage,
        orgId,
        [
          { collection: 'users', id, fields: made.fields },
          { collection: 'userLogs', id: log.id, fields: { ...log } },
        ],
        now,
        (_tx, write) => {
          if (write.collection === 'users')
            stillAllowed =
              write.before !== null &&
              userActionRefusal(manager, action, write.before as User, profiles) === null;
          return Promise.resolve(stillAllowed ? { ok: true } : { ok: false, reason: 'forbidden' });
        },
      );
      if (!stillAllowed) return refusal(reply, 409, 'not-applicable');
      if (written.results.some((r) => r.status === 'rejected'))
        return reply.code(500).send({ error: 'not-saved' });
      await made.afterWrite?.();
      return { ok: true, revision: written.revision, ...made.answer };
    });

  route('temporary-password', 'password', async ({ user, orgId, now }) => {
    const password = generateTemporaryPassword();
    return {
      // Whoever held this account's sessions (a reason for a new password may be a stolen one) is signed out.
      afterWrite: async () => {
        await storage.sessions.revokeUser(orgId, user.id, now.toISOString());
      },
      fields: {
        passwordHash: await hashSecret(password),
        mustChangePassword: true,
        // An invitation: it opens the account once, for 72 hours (domain/auth/invitation).
        invitationExpiresAt: invitationExpiry(now),
        passwordResetTokenHash: null,
        passwordResetExpiresAt: null,
      },
      log: { action: 'password-temp-generated' },
      answer: { password, expiresAt: invitationExpiry(now) } satisfies Omit<
        TemporaryPasswordAnswer,
        'ok' | 'revision'
      >,
    };
  });

  route('pin', 'pin', async ({ orgId, now }) => {
    const pin = generatePin();
    const pinHash = await hashSecret(pin);
    const [settings] = await storage.readRecords(orgId, [{ collection: 'settings', id: ORG_SETTINGS_ID }]);
    const days = settings?.data.pinValidityDays;
    const validityDays = typeof days === 'number' ? days : PIN_VALIDITY_DAYS_DEFAULT;
    const expiresAt = pinExpiry(now, validityDays);
    return {
      fields: {
        pinHash,
        pinSalt: saltOf(pinHash) ?? undefined,
        pinUpdatedAt: now.toISOString(),
        pinExpiresAt: expiresAt,
        pinFailedAttempts: 0,
        pinCooldownUntil: null,
      },
      log: { action: 'update', details: 'Nouveau code PIN généré' },
      answer: { pin, expiresAt } satisfies Omit<PinAnswer, 'ok' | 'revision'>,
    };
  });

  route('reset-link', 'reset-link', async ({ orgId, now }) => {
    const token = randomHex(RESET_TOKEN_HEX_LENGTH / 2);
    const expiresAt = resetTokenExpiry(now);
    const path = `/reset-password?token=${token}&org=${encodeURIComponent(orgId)}`;
    return {
      fields: { passwordResetTokenHash: await sha256Hex(token), passwordResetExpiresAt: expiresAt },
      log: { action: 'password-reset-requested' },
      // Built from PUBLIC_URL only; without it the administrator's own page completes the address.
      answer: {
        path,
        link: config.publicUrl ? `${config.publicUrl}${path}` : null,
        expiresAt,
      } satisfies Omit<ResetLinkAnswer, 'ok' | 'revision'>,
    };
  });
}
