import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isResetEmailValid } from '../../src/domain/auth/password';
import type { RateLimitTable } from '../../src/domain/auth/session-policy';
import { hashSecret, randomId } from '../../src/domain/secrets';
import type { Profile, User } from '../../src/domain/store/schema';
import { planEmergencyPromotion } from '../../src/domain/users/emergency';
import { hitRateLimits, replyRateLimited } from '../auth/rate-limit';
import { applyServerChanges } from '../auth/server-writes';
import type { SyncStorage } from '../storage/sync-storage';
import { ORG_ID_PATTERN } from './auth';

const bodySchema = z.object({ orgId: z.string().regex(ORG_ID_PATTERN), email: z.string().max(320) });

/**
 * POST /api/emergency-admin: the emergency area of the login screen, decided by the server, which alone sees
 * every user. No session (nobody can sign in yet): refused as soon as an active administrator exists.
 */
export function registerEmergencyRoute(
  app: FastifyInstance,
  deps: { storage: SyncStorage; initialPassword: string; limits: RateLimitTable },
): void {
  app.post('/api/emergency-admin', async (request, reply) => {
    const body = bodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid-body' });
    if (!isResetEmailValid(body.data.email)) return reply.code(400).send({ error: 'invalid-email' });
    const now = new Date();
    const limited = await hitRateLimits(
      deps.storage,
      [{ rule: 'signinAddress', key: request.ip }],
      now,
      deps.limits,
    );
    if (!limited.ok) return replyRateLimited(reply, limited);
    const { orgId } = body.data;
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
    return { ok: true, created: plan.created };
  });
}
