import { describe, expect, it } from 'vitest';
import { listKiosks, serverChangePassword, serverPinCheck, serverSignIn } from '../../src/api/auth';
import { requestResetLink, requestTemporaryPassword } from '../../src/api/credentials';
import { serverEmergencyPromote } from '../../src/api/emergency';
import type { FetchLike } from '../../src/api/http';
import { fetchOrgStatus, fetchServerSession } from '../../src/api/session';

/** A fake server answering one status and body, or a network that is down. */
function answering(status: number, body: unknown): FetchLike {
  return () =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
}
const networkDown: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));

const USER = { id: 'u1', name: 'Awa', email: 'awa@ecole.sn', status: 'Active', profileId: 'p1' };
const LOGIN = { orgId: 'demo', email: 'awa@ecole.sn', password: 'x', remember: true };

describe('src/api answers are parsed with the schemas the server uses', () => {
  it('takes a sign-in answer that matches, and treats any other like no answer', async () => {
    expect(await serverSignIn(answering(200, { user: USER }), LOGIN)).toEqual({ ok: true, user: USER });
    for (const body of [{ user: { id: 'u1' } }, { user: { ...USER, status: 'Boss' } }, {}, null, 'ok'])
      expect(await serverSignIn(answering(200, body), LOGIN)).toEqual({ ok: false, code: 'offline' });
    expect(await serverSignIn(networkDown, LOGIN)).toEqual({ ok: false, code: 'offline' });
  });

  it('passes on only the refusal codes the login screen knows', async () => {
    expect(await serverSignIn(answering(401, { error: 'wrong-password' }), LOGIN)).toEqual({
      ok: false,
      code: 'wrong-password',
    });
    expect(await serverSignIn(answering(401, { error: 'made-up' }), LOGIN)).toEqual({
      ok: false,
      code: 'offline',
    });
    expect(await serverSignIn(answering(429, {}), LOGIN)).toEqual({ ok: false, code: 'rate-limited' });
    const pin = { orgId: 'demo', userId: 'u1', pin: '1234' };
    expect(await serverPinCheck(answering(401, { error: 'wrong-pin' }), pin)).toBe('wrong-pin');
    expect(await serverPinCheck(answering(403, { error: 'other' }), pin)).toBe('offline');
  });

  it('reads a password change, the organisation status and the kiosk list only in their shapes', async () => {
    expect(await serverChangePassword(answering(200, { user: USER }), { next: 'x' })).toEqual({
      ok: true,
      user: USER,
    });
    expect(await serverChangePassword(answering(200, { user: 'u1' }), { next: 'x' })).toEqual({
      ok: true,
      user: null,
    });
    expect(
      await fetchOrgStatus(answering(200, { initialised: true, needsEmergency: false }), 'demo'),
    ).toEqual({
      initialised: true,
      needsEmergency: false,
    });
    expect(await fetchOrgStatus(answering(200, { initialised: 'yes' }), 'demo')).toBeNull();
    expect(await listKiosks(answering(200, { kiosks: [{ id: 'k' }] }))).toBeNull();
  });

  it('checks the session answer by hand, the service worker carrying no zod', async () => {
    expect(await fetchServerSession(answering(200, { orgId: null, userId: null, kiosk: null }))).toEqual({
      status: 'none',
    });
    expect(await fetchServerSession(answering(200, { orgId: 'demo', userId: 'u1', kiosk: null }))).toEqual({
      status: 'signed-in',
      orgId: 'demo',
      userId: 'u1',
      kiosk: null,
    });
    expect(await fetchServerSession(answering(200, { orgId: 'demo', userId: 7, kiosk: null }))).toEqual({
      status: 'offline',
    });
    expect(
      await fetchServerSession(answering(200, { orgId: 'demo', userId: null, kiosk: { id: 1 } })),
    ).toEqual({ status: 'offline' });
  });

  it('reads credentials and refusals in their shapes', async () => {
    expect(
      await requestTemporaryPassword(
        answering(200, { ok: true, revision: 3, password: 'Tmp@1234' }),
        'demo',
        'u1',
      ),
    ).toEqual({ ok: true, value: 'Tmp@1234' });
    expect(await requestTemporaryPassword(answering(200, { ok: true, password: 5 }), 'demo', 'u1')).toEqual({
      ok: false,
      code: 'failed',
    });
    const link = {
      ok: true,
      revision: 1,
      path: '/reset-password?token=t&org=demo',
      link: null,
      expiresAt: 'x',
    };
    expect(await requestResetLink(answering(200, link), 'demo', 'u1', 'https://ecole.sn')).toEqual({
      ok: true,
      value: 'https://ecole.sn/reset-password?token=t&org=demo',
    });
    expect(
      await requestTemporaryPassword(answering(403, { error: 'self', message: 'Non.' }), 'demo', 'u1'),
    ).toEqual({ ok: false, code: 'refused', reason: 'self', message: 'Non.' });
    expect(
      await requestTemporaryPassword(answering(403, { error: 'other-organisation' }), 'demo', 'u1'),
    ).toEqual({ ok: false, code: 'refused', reason: null, message: null });
  });

  it('reads the emergency answer in its shape', async () => {
    const input = { orgId: 'demo', email: 'a@b.sn', setupCode: 'c' };
    expect(await serverEmergencyPromote(answering(200, { ok: true, created: true }), input)).toEqual({
      ok: true,
      created: true,
    });
    expect(await serverEmergencyPromote(answering(200, { ok: true }), input)).toEqual({
      ok: false,
      code: 'offline',
    });
    expect(await serverEmergencyPromote(answering(403, { error: 'setup-code' }), input)).toEqual({
      ok: false,
      code: 'setup-code',
    });
  });
});
