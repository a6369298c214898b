import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  checkNewPassword,
  isResetEmailValid,
  isResetLinkValid,
  RESET_TOKEN_HEX_LENGTH,
  resetTokenExpiry,
} from '../../src/domain/auth/password';
import type { RateLimitRule } from '../../src/domain/auth/session-policy';
import {
  resetCheckSchema as checkBody,
  resetCompleteSchema as completeBody,
  resetRequestSchema as requestBody,
  type ResetCheckAnswer,
} from '../../src/domain/api-schemas/password-reset';
import type { OkAnswer } from '../../src/domain/api-schemas/common';
import { buildUserLog, type Actor } from '../../src/domain/journal/user-log';
import { hashSecret, randomHex, randomId, sha256Hex } from '../../src/domain/secrets';
import type { RecordData } from '../../src/domain/sync/merge';
import type { PushResponse } from '../../src/domain/sync/protocol';
import { addressRateLimit, hitRateLimits, replyRateLimited } from '../auth/rate-limit';
import { applyServerChanges, findByEmail, type ServerChange } from '../auth/server-writes';
import type { ServerConfig } from '../config';
import type { Mailer } from '../mail';
import type { SyncStorage } from '../storage/sync-storage';
import { normalisedEmail } from '../storage/user-index';

export const RESET_MAIL_SUBJECT = 'Réinitialisation de votre mot de passe';

// Spec part 1 point 7 answered the link to whoever asked when no e-mail service exists: that hands any
// account to a stranger. Without SMTP the request answers the same neutral message and nothing else; an
// administrator who may manage the person produces the link or a temporary password from /users.
const NO_SMTP_NOTICE =
  "Aucun serveur SMTP configuré (SMTP_URL) : « Mot de passe oublié » n'envoie rien ; un administrateur donne un lien ou un mot de passe temporaire depuis la gestion des utilisateurs.";
const NO_PUBLIC_URL_ERROR =
  'SMTP_URL sans PUBLIC_URL : les liens envoyés par e-mail ne sont construits que sur PUBLIC_URL, jamais sur les en-têtes de la requête.';

const token = z.string().regex(new RegExp(`^[0-9a-f]{${RESET_TOKEN_HEX_LENGTH}}$`));

export interface PasswordResetDeps {
  storage: SyncStorage;
  config: ServerConfig;
  /** null/absent: no SMTP server, the link is answered for display. */
  mailer?: Mailer | null;
  /** Injected by tests that move time (token expiry); the real clock otherwise. */
  clock?: () => Date;
}

const SYSTEM_ACTOR: Actor = { id: null, name: null };

function userName(user: RecordData): string {
  return typeof user.name === 'string' ? user.name : '';
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export function resetMail(name: string, link: string): { subject: string; text: string; html: string } {
  const greeting = name ? `Bonjour ${name},` : 'Bonjour,';
  const intro = 'Une réinitialisation du mot de passe de votre compte a été demandée.';
  const action = 'Pour choisir un nouveau mot de passe, ouvrez ce lien, valable 1 heure :';
  const ignore =
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.";
  return {
    subject: RESET_MAIL_SUBJECT,
    text: `${greeting}\n\n${intro}\n${action}\n${link}\n\n${ignore}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}<br>${escapeHtml(action)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(ignore)}</p>`,
  };
}

function rejected(answer: PushResponse): boolean {
  return answer.results.some((r) => r.status === 'rejected');
}

async function limited(
  storage: SyncStorage,
  reply: FastifyReply,
  buckets: { rule: RateLimitRule; key: string }[],
  now: Date,
  limits: ServerConfig['rateLimits'],
): Promise<boolean> {
  const decision = await hitRateLimits(storage, buckets, now, limits);
  if (decision.ok) return false;
  void replyRateLimited(reply, decision);
  return true;
}

/**
 * The user a token designates, if the link is usable (spec part 1 point 4: match, unexpired, not archived).
 * One indexed lookup by the token's hash: the same cost on 10 users as on 5,000.
 */
async function userOfToken(
  storage: SyncStorage,
  org: string,
  rawToken: string,
  now: Date,
): Promise<RecordData | null> {
  if (!token.safeParse(rawToken).success) return null;
  const tokenHash = await sha256Hex(rawToken);
  const user = (await storage.userLookup.byResetTokenHash(org, tokenHash))?.data;
  if (!user) return null;
  const target = {
    status: String(user.status),
    passwordResetTokenHash: user.passwordResetTokenHash as string | null | undefined,
    passwordResetExpiresAt: user.passwordResetExpiresAt as string | null | undefined,
  };
  return isResetLinkValid(target, tokenHash, now) ? user : null;
}

/**
 * The mail work of one request, after the answer has left: the lookup, the token and the e-mail take the same
 * (zero) time in the answer for a known and an unknown account, and an SMTP failure never reaches the requester.
 */
async function mailResetLink(
  deps: { storage: SyncStorage; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger },
  org: string,
  email: string,
  now: Date,
): Promise<void> {
  const { storage, mailer } = deps;
  const candidates = (await storage.userLookup.byEmail(org, email)).map((r) => r.data);
  const user = findByEmail(candidates, email);
  if (!user || user.status === 'Archived' || typeof user.id !== 'string') return;
  const rawToken = randomHex(RESET_TOKEN_HEX_LENGTH / 2);
  const target = { id: user.id, name: userName(user) };
  const log = buildUserLog({
    id: randomId('log-'),
    action: 'password-reset-requested',
    target,
    actor: SYSTEM_ACTOR,
    now,
  });
  const changes: ServerChange[] = [
    {
      collection: 'users',
      id: user.id,
      fields: {
        // Only the hash is kept (never the spec's clear passwordResetToken): a read of the store cannot reset.
        passwordResetTokenHash: await sha256Hex(rawToken),
        passwordResetExpiresAt: resetTokenExpiry(now),
      },
    },
    { collection: 'userLogs', id: log.id, fields: { ...log } },
  ];
  const written = await applyServerChanges(storage, org, changes, now);
  if (rejected(written)) {
    deps.log.error({ results: written.results }, 'Jeton de réinitialisation non enregistré.');
    return;
  }
  // PUBLIC_URL only: never the request's Host or X-Forwarded-Host, which the requester chooses.
  const link = `${deps.publicUrl}/reset-password?token=${rawToken}&org=${encodeURIComponent(org)}`;
  const to = typeof user.email === 'string' ? user.email.trim() : email.trim();
  await mailer.send({ to, ...resetMail(target.name, link) });
}

/**
 * Password reset done by the server (spec part 1, points 4, 7, 8, 9). No session needed.
 * - POST /api/password-reset/request {orgId, email}: always the same neutral {ok:true}, answered before any
 *   lookup; with SMTP, the token's SHA-256 and a 1-hour expiry are then stored on the user and the link
 *   (on PUBLIC_URL) e-mailed; without SMTP nothing is done (an administrator produces links from /users).
 * - POST /api/password-reset/check {orgId, token} -> {valid}
 * - POST /api/password-reset/complete {orgId, token, password}: sets the password, clears the token, ends the
 *   user's sessions.
 * Rate limits: per (account, address) and per address, never per account alone (no lockout of the owner).
 */
export function registerPasswordResetRoutes(app: FastifyInstance, deps: PasswordResetDeps): void {
  const { storage, config } = deps;
  const mailer = deps.mailer ?? null;
  const clock = deps.clock ?? (() => new Date());
  const publicUrl = config.publicUrl;
  // Refuse to start rather than mail links built from a header (configFromEnv says it first).
  if (mailer && !publicUrl) throw new Error(NO_PUBLIC_URL_ERROR);
  if (!mailer) app.log.warn(NO_SMTP_NOTICE);

  // Per address before any byte of the body is read; per (account, address) once it is decoded.
  const limits = config.rateLimits;
  const resetAddress = { onRequest: addressRateLimit(storage, 'resetAddress', limits, clock) };
  const anonymousAddress = { onRequest: addressRateLimit(storage, 'anonymousAddress', limits, clock) };

  app.post('/api/password-reset/request', resetAddress, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const body = requestBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid-body' });
    const { orgId: org, email } = body.data;
    if (!isResetEmailValid(email)) return reply.code(400).send({ error: 'invalid-email' });
    const now = clock();
    const buckets: { rule: RateLimitRule; key: string }[] = [
      { rule: 'resetPair', key: `${org}:${normalisedEmail(email)}:${request.ip}` },
    ];
    if (await limited(storage, reply, buckets, now, limits)) return reply;
    if (mailer && publicUrl) {
      const work = { storage, mailer, publicUrl, log: request.log };
      setImmediate(() => {
        mailResetLink(work, org, email, now).catch((error: unknown) => {
          request.log.error({ err: error }, "Échec de l'envoi de l'e-mail de réinitialisation.");
        });
      });
    }
    return { ok: true } satisfies OkAnswer;
  });

  app.post('/api/password-reset/check', anonymousAddress, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const body = checkBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid-body' });
    const now = clock();
    const user = await userOfToken(storage, body.data.orgId, body.data.token, now);
    return { valid: user !== null } satisfies ResetCheckAnswer;
  });

  app.post('/api/password-reset/complete', resetAddress, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const body = completeBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid-body' });
    const { orgId: org, token: rawToken, password } = body.data;
    const now = clock();
    const user = await userOfToken(storage, org, rawToken, now);
    if (!user || typeof user.id !== 'string') return reply.code(400).send({ error: 'invalid-link' });
    if (checkNewPassword(password, password) === 'too-short')
      return reply.code(400).send({ error: 'too-short' });
    const target = { id: user.id, name: userName(user) };
    const log = buildUserLog({
      id: randomId('log-'),
      action: 'password-reset-completed',
      target,
      actor: target,
      now,
    });
    let tokenStillThere = false;
    const written = await applyServerChanges(
      storage,
      org,
      [
        {
          collection: 'users',
          id: user.id,
          fields: {
            passwordHash: await hashSecret(password),
            passwordResetTokenHash: null,
            passwordResetExpiresAt: null,
            mustChangePassword: false,
          },
        },
        { collection: 'userLogs', id: log.id, fields: { ...log } },
      ],
      now,
      // Checked again inside the transaction: of two completions of one link at the same instant, only the
      // first finds the token still there; the second changes nothing (its journal entry neither).
      (_tx, write) => {
        if (write.collection === 'users')
          tokenStillThere = write.before?.passwordResetTokenHash === user.passwordResetTokenHash;
        return Promise.resolve(tokenStillThere ? { ok: true } : { ok: false, reason: 'token-used' });
      },
    );
    if (!tokenStillThere) return reply.code(400).send({ error: 'invalid-link' });
    if (rejected(written)) {
      request.log.error({ results: written.results }, 'Nouveau mot de passe non enregistré.');
      return reply.code(500).send({ error: 'not-saved' });
    }
    // Whoever held a session of this account (the reason for a reset may be a stolen password) is signed out.
    await storage.sessions.revokeUser(org, user.id, now.toISOString());
    return { ok: true } satisfies OkAnswer;
  });
}
