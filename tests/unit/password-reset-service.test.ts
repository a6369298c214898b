import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { setMeta } from '../../src/db/meta';
import {
  completePasswordReset,
  isResetTokenUsable,
  requestPasswordReset,
  resetOrgId,
} from '../../src/features/auth/password-reset-service';
import type { FetchLike } from '../../src/api/http';
import { fr } from '../../src/i18n/fr';

interface Call {
  path: string;
  body: unknown;
}

/** A fake server: records what is posted and answers `status` + `body`, or fails like a network that is down. */
function fakeFetch(answer: { status: number; body?: unknown } | 'network-down'): {
  fetch: FetchLike;
  calls: Call[];
} {
  const calls: Call[] = [];
  const fetch: FetchLike = (path, init) => {
    calls.push({ path, body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown });
    if (answer === 'network-down') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(
      new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { fetch, calls };
}

const TOKEN = '0123456789abcdef0123456789abcdef';

describe('requestPasswordReset', () => {
  it('refuses an address without @ before asking the server', async () => {
    const server = fakeFetch({ status: 200, body: { ok: true } });
    expect(await requestPasswordReset('  ', 'demo', server.fetch)).toEqual({
      ok: false,
      code: 'invalid-email',
    });
    expect(await requestPasswordReset('awa', 'demo', server.fetch)).toEqual({
      ok: false,
      code: 'invalid-email',
    });
    expect(server.calls).toEqual([]);
  });

  it('asks the server with the organisation and never passes on a link, even if a server answers one', async () => {
    const link = `https://piege.example/reset-password?token=${TOKEN}&org=ecole-a`;
    const server = fakeFetch({ status: 200, body: { ok: true, resetUrl: link, note: 'N' } });
    expect(await requestPasswordReset(' awa@ecole.sn ', 'ecole-a', server.fetch)).toEqual({ ok: true });
    expect(server.calls).toEqual([
      { path: '/api/password-reset/request', body: { orgId: 'ecole-a', email: 'awa@ecole.sn' } },
    ]);
  });

  it.each([
    ['a mailed link', { status: 200, body: { ok: true } }],
    ['a server failure', { status: 500, body: { error: 'x' } }],
    ['a network failure', 'network-down' as const],
  ])('shows the neutral success after %s', async (_name, answer) => {
    const server = fakeFetch(answer);
    expect(await requestPasswordReset('awa@ecole.sn', 'demo', server.fetch)).toEqual({ ok: true });
  });

  it('reports the server refusing the address and the rate limit', async () => {
    const refused = fakeFetch({ status: 400, body: { error: 'invalid-email' } });
    expect(await requestPasswordReset('a@b', 'demo', refused.fetch)).toEqual({
      ok: false,
      code: 'invalid-email',
    });
    const limited = fakeFetch({ status: 429, body: { error: 'rate-limited' } });
    expect(await requestPasswordReset('a@b', 'demo', limited.fetch)).toEqual({
      ok: false,
      code: 'rate-limited',
    });
  });
});

describe('isResetTokenUsable', () => {
  it('asks the server and tells valid, invalid and offline apart', async () => {
    const valid = fakeFetch({ status: 200, body: { valid: true } });
    expect(await isResetTokenUsable(TOKEN, 'ecole-a', valid.fetch)).toBe('valid');
    expect(valid.calls).toEqual([
      { path: '/api/password-reset/check', body: { orgId: 'ecole-a', token: TOKEN } },
    ]);
    expect(
      await isResetTokenUsable(TOKEN, 'demo', fakeFetch({ status: 200, body: { valid: false } }).fetch),
    ).toBe('invalid');
    expect(await isResetTokenUsable(TOKEN, 'demo', fakeFetch('network-down').fetch)).toBe('offline');
    expect(await isResetTokenUsable('', 'demo', valid.fetch)).toBe('invalid');
  });
});

describe('completePasswordReset', () => {
  it('checks length and confirmation before asking the server', async () => {
    const server = fakeFetch({ status: 200, body: { ok: true } });
    expect(await completePasswordReset(TOKEN, 'court', 'court', 'demo', server.fetch)).toEqual({
      ok: false,
      code: 'too-short',
    });
    expect(await completePasswordReset(TOKEN, 'Nouveau@1', 'Nouveau@2', 'demo', server.fetch)).toEqual({
      ok: false,
      code: 'mismatch',
    });
    expect(server.calls).toEqual([]);
  });

  it('sends the token and password to the server', async () => {
    const server = fakeFetch({ status: 200, body: { ok: true } });
    expect(await completePasswordReset(TOKEN, 'Nouveau@1', 'Nouveau@1', 'ecole-a', server.fetch)).toEqual({
      ok: true,
    });
    expect(server.calls).toEqual([
      {
        path: '/api/password-reset/complete',
        body: { orgId: 'ecole-a', token: TOKEN, password: 'Nouveau@1' },
      },
    ]);
  });

  it.each([
    ['an invalid or expired link', { status: 400, body: { error: 'invalid-link' } }, 'invalid-link'],
    ['the rate limit', { status: 429, body: { error: 'rate-limited' } }, 'rate-limited'],
    ['a server failure', { status: 503, body: {} }, 'offline'],
    ['a network failure', 'network-down' as const, 'offline'],
  ])('reports %s', async (_name, answer, code) => {
    expect(
      await completePasswordReset(TOKEN, 'Nouveau@1', 'Nouveau@1', 'demo', fakeFetch(answer).fetch),
    ).toEqual({
      ok: false,
      code,
    });
  });

  it('has the French offline text of the brief', () => {
    expect(fr.passwordReset.offline).toBe(
      'Connexion au serveur impossible. Réessayez lorsque le réseau est disponible.',
    );
  });
});

describe('resetOrgId', () => {
  let db: AppDatabase | null = null;
  afterEach(async () => {
    await db?.delete();
    db = null;
  });

  it("takes the link's organisation when valid, otherwise the device's", async () => {
    db = openDatabase(`password-reset-service-${Math.random().toString(36).slice(2)}`);
    expect(await resetOrgId(db, null)).toBe('demo');
    await setMeta(db, 'orgId', 'ecole-b');
    expect(await resetOrgId(db, null)).toBe('ecole-b');
    expect(await resetOrgId(db, 'ecole-a')).toBe('ecole-a');
    expect(await resetOrgId(db, '../etc')).toBe('ecole-b');
  });
});
