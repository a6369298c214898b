import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifySecret } from '../../src/domain/secrets';
import type { StoreV1 } from '../../src/domain/store/schema';
import { buildApp } from '../../server/app';
import { applyServerChanges } from '../../server/auth/server-writes';
import { configFromEnv, type ServerConfig } from '../../server/config';
import { RESET_MAIL_SUBJECT } from '../../server/routes/password-reset';
import { createMemorySyncStorage } from '../../server/storage/memory-sync-storage';
import { sampleStore } from '../fixtures/sample-store';
import { fastHash } from '../support/builders';
import {
  serverBackends,
  SETUP_CODE_HEADERS,
  testConfig,
  useTestDb,
  type RunningServer,
  type TestDb,
} from './helpers';

// Password reset by e-mail ("a reset e-mail reaches a real SMTP sink started by the test with a working link"), on every
// storage engine of this run.
const backends = await serverBackends();
const ORG = 'ecole-reset';
const PUBLIC_URL = 'https://emargement.example';

interface Sink {
  url: string;
  messages: { to: string[]; raw: string }[];
  next: () => Promise<{ to: string[]; raw: string }>;
  close: () => Promise<void>;
}

/** A real SMTP server on a free port that keeps every message it receives. */
async function startSink(): Promise<Sink> {
  const messages: Sink['messages'] = [];
  let waiters: ((m: Sink['messages'][number]) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const message = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        messages.push(message);
        for (const w of waiters) w(message);
        waiters = [];
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no e-mail within 10 s')), 10_000);
        waiters.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Enough MIME for the test: undo quoted-printable (soft breaks, =XX) so the link reads as sent. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The Subject header, folded lines joined and RFC 2047 Q-encoded words decoded. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  const words = [...header.matchAll(/=\?UTF-8\?Q\?(.*?)\?=/gi)].map((m) => m[1] ?? '');
  if (words.length === 0) return header.trim();
  return decodeQuotedPrintable(words.join('').replace(/_/g, ' '));
}

function linkIn(raw: string): URL {
  const match = /https?:\/\/[^\s"<]+\/reset-password\?token=[0-9a-f]{32}&(?:amp;)?org=[A-Za-z0-9_-]+/.exec(
    decodeQuotedPrintable(raw),
  );
  if (!match) throw new Error(`no reset link in:\n${raw}`);
  return new URL(match[0].replace('&amp;', '&'));
}

/** A reset request with a Host header of the requester's choosing (fetch cannot set Host). */
function hostOfRawRequest(host: string): Promise<number> {
  const url = new URL(String(running?.url));
  const payload = JSON.stringify({ orgId: ORG, email: 'moussa@ecole.sn' });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/password-reset/request',
        method: 'POST',
        headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The database of the describe that runs now (one per storage engine). */
let db: TestDb;
let sink: Sink;
let running: RunningServer | null = null;

/** This test's server (SMTP_URL names the sink, or none), the organisation seeded. */
async function start(overrides: Partial<ServerConfig>) {
  running = await db.startWith(overrides);
  await seed(running.url);
  return running;
}

async function seed(url: string) {
  const hash = await fastHash('Ancien@123');
  const store: StoreV1 = sampleStore(hash);
  store.users.push({
    id: 'u-archived',
    name: 'Ancien Compte',
    email: 'ancien@ecole.sn',
    profileId: 'teacher',
    status: 'Archived',
    passwordHash: hash,
  });
  // An unauthenticated PUT with the setup code is accepted on a new, empty organisation (its first device).
  const response = await fetch(`${url}/api/store?orgId=${ORG}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...SETUP_CODE_HEADERS },
    body: JSON.stringify(store),
  });
  expect(response.status).toBe(200);
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${running?.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

const requestReset = (email: string, orgId = ORG, headers: Record<string, string> = {}) =>
  post('/api/password-reset/request', { orgId, email }, headers);

/** The token of the link e-mailed for `email` (the server must run with the SMTP sink). */
async function mailedToken(email: string): Promise<string> {
  const arrival = sink.next();
  expect((await requestReset(email)).status).toBe(200);
  return linkIn((await arrival).raw).searchParams.get('token') ?? '';
}
const check = (token: string) => post('/api/password-reset/check', { orgId: ORG, token });
const complete = (token: string, password: string) =>
  post('/api/password-reset/complete', { orgId: ORG, token, password });

async function userRecord(id: string) {
  const users = await running!.storage.readCollection(ORG, 'users');
  return users.find((u) => u.id === id)?.data;
}

describe.each(backends)('$name', (backend) => {
  const testDb = useTestDb(
    backend,
    // A loopback proxy in front: X-Forwarded-For names the client (tests of other addresses).
    { smtpUrl: null, publicUrl: PUBLIC_URL, trustProxy: ['127.0.0.1'] },
    { deferStart: true },
  );
  beforeEach(async () => {
    db = testDb;
    sink = await startSink();
  });
  afterEach(async () => {
    running = null;
    await sink.close();
  });

  it('e-mails a working link through SMTP; the new password verifies; the link works once', async () => {
    const { storage } = await start({ smtpUrl: sink.url });
    const arrival = sink.next();
    const answer = await requestReset('  Moussa@Ecole.sn ');
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    expect(answer.body).not.toHaveProperty('resetUrl');
    const mail = await arrival;
    expect(mail.to).toEqual(['moussa@ecole.sn']);
    expect(subjectOf(mail.raw)).toBe(RESET_MAIL_SUBJECT);
    expect(decodeQuotedPrintable(mail.raw)).toContain('valable 1 heure');
    const link = linkIn(mail.raw);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('org')).toBe(ORG);
    const token = link.searchParams.get('token') ?? '';

    // Only the token's hash is stored, with a 1-hour expiry; the request is in the journal.
    const before = await userRecord('u-teacher');
    expect(JSON.stringify(before)).not.toContain(token);
    const expiresIn = Date.parse(String(before?.passwordResetExpiresAt)) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);

    // A session of the account ends with the reset.
    const nowIso = new Date().toISOString();
    await storage.sessions.create({
      tokenHash: 'session-of-moussa',
      orgId: ORG,
      userId: 'u-teacher',
      scope: 'user',
      deviceId: 'password',
      createdAt: nowIso,
      lastSeenAt: nowIso,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      revokedAt: null,
    });

    expect((await check(token)).body).toEqual({ valid: true });
    expect(await complete(token, 'court')).toMatchObject({ status: 400, body: { error: 'too-short' } });
    expect(await complete(token, 'Nouveau@2026')).toMatchObject({ status: 200, body: { ok: true } });

    const after = await userRecord('u-teacher');
    expect(await verifySecret('Nouveau@2026', String(after?.passwordHash))).toBe(true);
    expect(await verifySecret('Ancien@123', String(after?.passwordHash))).toBe(false);
    expect(after?.passwordResetTokenHash ?? null).toBeNull();
    expect(after?.passwordResetExpiresAt ?? null).toBeNull();
    expect(after?.mustChangePassword).toBe(false);
    expect((await storage.sessions.find('session-of-moussa'))?.revokedAt).not.toBeNull();

    const logs = (await storage.readCollection(ORG, 'userLogs')).map((r) => r.data);
    expect(logs.map((l) => [l.action, l.targetUserId])).toEqual(
      expect.arrayContaining([
        ['password-reset-requested', 'u-teacher'],
        ['password-reset-completed', 'u-teacher'],
      ]),
    );

    // The token does not work twice.
    expect((await check(token)).body).toEqual({ valid: false });
    expect(await complete(token, 'Encore@2026')).toMatchObject({
      status: 400,
      body: { error: 'invalid-link' },
    });
  });

  it('lets only one of two simultaneous completions of one link through', async () => {
    await start({ smtpUrl: sink.url });
    const token = await mailedToken('moussa@ecole.sn');
    const both = await Promise.all([complete(token, 'Premier@2026'), complete(token, 'Second@2026')]);
    const statuses = both.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
    const winner = both[0]?.status === 200 ? 'Premier@2026' : 'Second@2026';
    const after = await userRecord('u-teacher');
    expect(await verifySecret(winner, String(after?.passwordHash))).toBe(true);
    const logs = (await running!.storage.readCollection(ORG, 'userLogs')).map((r) => r.data);
    expect(logs.filter((l) => l.action === 'password-reset-completed')).toHaveLength(1);
  });

  it('refuses an expired token', async () => {
    const { storage } = await start({ smtpUrl: sink.url });
    const token = await mailedToken('awa@ecole.sn');
    expect((await check(token)).body).toEqual({ valid: true });
    await applyServerChanges(
      storage,
      ORG,
      [
        {
          collection: 'users',
          id: 'u-admin',
          fields: { passwordResetExpiresAt: new Date(Date.now() - 1).toISOString() },
        },
      ],
      new Date(),
    );
    expect((await check(token)).body).toEqual({ valid: false });
    expect(await complete(token, 'Nouveau@2026')).toMatchObject({
      status: 400,
      body: { error: 'invalid-link' },
    });
  });

  it('answers unknown and archived accounts exactly like a known one, and mails nothing', async () => {
    await start({ smtpUrl: sink.url });
    const arrival = sink.next();
    const known = await requestReset('awa@ecole.sn');
    await arrival;
    for (const email of ['personne@ecole.sn', 'ancien@ecole.sn']) {
      const answer = await requestReset(email);
      expect(answer.status).toBe(known.status);
      expect(answer.body).toEqual(known.body);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messages.map((m) => m.to)).toEqual([['awa@ecole.sn']]);
    expect(await userRecord('u-archived')).not.toHaveProperty('passwordResetTokenHash');
    expect(await requestReset('sans-arobase')).toMatchObject({
      status: 400,
      body: { error: 'invalid-email' },
    });
  });

  it('without SMTP never hands a link to the requester: the neutral answer only, and no token stored', async () => {
    await start({ smtpUrl: null });
    for (const email of ['moussa@ecole.sn', 'awa@ecole.sn', 'personne@ecole.sn']) {
      const answer = await requestReset(email);
      expect(answer).toMatchObject({ status: 200 });
      expect(answer.body).toEqual({ ok: true });
    }
    expect(await userRecord('u-teacher')).not.toHaveProperty('passwordResetTokenHash');
    expect(await userRecord('u-admin')).not.toHaveProperty('passwordResetTokenHash');
  });

  it('builds mailed links from PUBLIC_URL only, whatever Host or X-Forwarded-Host the requester sends', async () => {
    await start({ smtpUrl: sink.url });
    const arrival = sink.next();
    const answer = await requestReset('moussa@ecole.sn', ORG, {
      'x-forwarded-host': 'piege.example',
      'x-forwarded-proto': 'https',
    });
    expect(answer.status).toBe(200);
    const link = linkIn((await arrival).raw);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(await hostOfRawRequest('piege.example')).toBe(200);
    expect(linkIn((await sink.next()).raw).origin).toBe(PUBLIC_URL);
  });

  it('refuses to start with SMTP but without PUBLIC_URL', async () => {
    expect(() => configFromEnv({ SMTP_URL: sink.url })).toThrow(/PUBLIC_URL/);
    expect(configFromEnv({ SMTP_URL: sink.url, PUBLIC_URL: `${PUBLIC_URL}/` }).publicUrl).toBe(PUBLIC_URL);
    // The app alone (no database): the configuration is refused before anything is opened.
    const config = testConfig({ smtpUrl: sink.url, publicUrl: null });
    await expect(buildApp({ config, storage: createMemorySyncStorage() })).rejects.toThrow(/PUBLIC_URL/);
  });

  it('answers the neutral success when the SMTP server cannot be reached', async () => {
    const closed = await startSink();
    await closed.close();
    await start({ smtpUrl: closed.url });
    expect(await requestReset('moussa@ecole.sn')).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('refuses the 4th request for one account from one address within 5 minutes, not from another', async () => {
    await start({ smtpUrl: null });
    const fromX = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 3; i += 1)
      expect((await requestReset('moussa@ecole.sn', ORG, fromX)).status).toBe(200);
    const refused = await requestReset('MOUSSA@ecole.sn', ORG, fromX);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'rate-limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same address is still served, and the same account from another address:
    // a stranger's requests do not lock the owner out of the reset.
    expect((await requestReset('awa@ecole.sn', ORG, fromX)).status).toBe(200);
    expect((await requestReset('moussa@ecole.sn', ORG, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(
      200,
    );
  });

  it('rejects malformed bodies and organisation ids', async () => {
    await start({ smtpUrl: null });
    expect((await requestReset('awa@ecole.sn', '../etc')).status).toBe(400);
    expect((await check('not-a-token')).body).toEqual({ valid: false });
    expect((await post('/api/password-reset/complete', { orgId: ORG })).status).toBe(400);
  });
});
