import type { FastifyInstance } from 'fastify';
import {
  emergencyRequestSchema as bodySchema,
  type EmergencyAnswer,
} from '../../src/domain/api-schemas/emergency';
import { isResetEmailValid } from '../../src/domain/auth/password';
import type { RateLimitTable } from '../../src/domain/auth/session-policy';
import { hashSecret, randomId } from '../../src/domain/secrets';
import type { Profile, User } from '../../src/domain/store/schema';
import { planEmergencyPromotion } from '../../src/domain/users/emergency';
import { addressRateLimit } from '../auth/rate-limit';
import { applyServerChanges } from '../auth/server-writes';
import { isSetupCode } from '../auth/setup-code';
import type { SyncStorage } from '../storage/sync-storage';

/**
 * POST /api/emergency-admin: the emergency area of the login screen, decided by the server, which alone sees
 * every user. No session (nobody can sign in yet), so the owner of the server proves himself with the setup
 * code printed in its terminal (403 `setup-code` without it); refused (409) as soon as an active
 * administrator exists, and on an organisation that does not exist when ALLOW_NEW_ORGS=0.
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
    const [users, profiles] = await Promise.all([
      deps.storage.readCollection(orgId, 'users'),
      deps.storage.readCollection(orgId, 'profiles'),
    ]);
    const plan = planEmergencyPromotion({
      users: users.map((r) => r.data as User),
      profiles: profiles.map((r) => r.data as Profile),
      email: body.data.email,
      initialPasswordHash: await hashSecret(deps.initialPassword),
      newUserId: randomId('u-'),
      newLogId: () => randomId('log-'),
      now,
    });
    if (!plan.ok) return reply.code(409).send({ error: 'refused' });
    await applyServerChanges(
      deps.storage,
      orgId,
      [
        ...plan.users.map((u) => ({ collection: 'users' as const, id: u.id, fields: u.fields })),
        ...plan.logs.map((l) => ({ collection: 'userLogs' as const, id: l.id, fields: l })),
      ],
      now,
    );
    return { ok: true, created: plan.created } satisfies EmergencyAnswer;
  });
}
