import type { FastifyInstance } from 'fastify';
import {
  emergencyRequestSchema as bodySchema,
  type EmergencyAnswer,
} from '../../src/domain/api-schemas/emergency';
import { isResetEmailValid } from '../../src/domain/auth/password';
import type { RateLimitTable } from '../../src/domain/auth/session-policy';
import { hashSecret, randomId } from '../../src/domain/secrets';
import { missingOrgDefaults } from '../../src/domain/org-defaults';
import type { ModuleRecord, Profile, User } from '../../src/domain/store/schema';
import { findByEmail } from '../../src/domain/users/find-by-email';
import { planEmergencyPromotion } from '../../src/domain/users/emergency';
import { addressRateLimit } from '../auth/rate-limit';
import { issueEmergencyProof } from '../auth/emergency-proof';
import { applyServerChanges, type ServerChange } from '../auth/server-writes';
import { isSetupCode } from '../auth/setup-code';
import type { SyncStorage } from '../storage/sync-storage';

/**
 * POST /api/emergency-admin: the emergency area of the login screen, decided by the server, which alone sees
 * every user. No session (nobody can sign in yet), so the owner of the server proves himself with the setup
 * code printed in its terminal (403 `setup-code` without it); refused (409) as soon as an active
 * administrator exists, and on an organisation that does not exist when ALLOW_NEW_ORGS=0. The account it
 * creates has the initial password, which opens it only from the browser that sent the form (a one-hour
 * HttpOnly proof, auth/emergency-proof.ts); an organisation it creates gets its default profiles.
 */
export function registerEmergencyRoute(
  app: FastifyInstance,
  deps: { storage: SyncStorage; initialPassword: string; limits: RateLimitTable; allowNewOrgs: boolean },
): void {
  // Attempts are counted per address before the (small) body is read.
  const limitAddress = { onRequest: addressRateLimit(deps.storage, 'signinAddress', deps.limits) };
  app.post('/api/emergency-admin', limitAddress, async (request, reply) => {
    const body = bodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid-body' });
    if (!isResetEmailValid(body.data.email)) return reply.code(400).send({ error: 'invalid-email' });
    const now = new Date();
    // The code first: a stranger learns nothing about the organisation, and costs nothing.
    if (!(await isSetupCode(deps.storage, body.data.setupCode)))
      return reply.code(403).send({ error: 'setup-code' });
    const { orgId } = body.data;
    if (!deps.allowNewOrgs) {
      const { revision } = await deps.storage.readChanges(
        orgId,
        { rev: Number.MAX_SAFE_INTEGER, collection: '', id: '' },
        1,
      );
      if (revision === 0) return reply.code(409).send({ error: 'refused' });
    }
    const [users, profileRows, moduleRows] = await Promise.all([
      deps.storage.readCollection(orgId, 'users'),
      deps.storage.readCollection(orgId, 'profiles'),
      deps.storage.readCollection(orgId, 'modules'),
    ]);
    const profiles = profileRows.map((r) => r.data as Profile);
    // The organisation's default profiles and modules come with it, written by the server in the same batch
    // as its first administrator: his rights never wait for a device to push them (issue 29, item 7).
    const defaults = missingOrgDefaults(
      { profiles, modules: moduleRows.map((r) => r.data as ModuleRecord) },
      { superAdmin: true },
    );
    const initialPasswordHash = await hashSecret(deps.initialPassword);
    const newUserId = randomId('u-');
    const plan = planEmergencyPromotion({
      users: users.map((r) => r.data as User),
      profiles: [...profiles, ...defaults.profiles],
      email: body.data.email,
      initialPasswordHash,
      newUserId,
      newLogId: () => randomId('log-'),
      now,
    });
    if (!plan.ok) return reply.code(409).send({ error: 'refused' });
    // The promoted account: created with the initial password, or an existing one still waiting for its
    // first password (it gets the initial one too). Either way that password opens it only from this browser.
    const promoted = plan.created
      ? { id: newUserId, waiting: true }
      : (() => {
          const existing = findByEmail(
            users.map((r) => r.data as User),
            body.data.email,
          );
          return { id: existing?.id ?? '', waiting: existing?.mustChangePassword === true };
        })();
    const changes: ServerChange[] = [
      ...defaults.profiles.map((p) => ({ collection: 'profiles' as const, id: p.id, fields: { ...p } })),
      ...defaults.modules.map((m) => ({ collection: 'modules' as const, id: m.id, fields: { ...m } })),
      ...plan.users.map((u) => ({
        collection: 'users' as const,
        id: u.id,
        fields:
          !plan.created && u.id === promoted.id && promoted.waiting
            ? { ...u.fields, passwordHash: initialPasswordHash, invitationExpiresAt: null }
            : u.fields,
      })),
      ...plan.logs.map((l) => ({ collection: 'userLogs' as const, id: l.id, fields: l })),
    ];
    await applyServerChanges(deps.storage, orgId, changes, now);
    if (promoted.waiting && promoted.id !== '')
      await issueEmergencyProof(deps.storage, request, reply, { orgId, userId: promoted.id }, now);
    return { ok: true, created: plan.created } satisfies EmergencyAnswer;
  });
}
