import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootstrap, LEGACY_KEY, syncEngine } from '../../src/app/bootstrap';
import { openDatabase } from '../../src/db/database';
import { LEGACY_STORAGE_KEY } from '../../src/db/store-io';
import type { LoginRuntime } from '../../src/features/auth/login-loader';
import { LoginPage } from '../../src/features/auth/login-page';
import { SESSION_EVENT } from '../../src/session/session-events';
import { isBuildAsset } from '../../sw/routes';

afterEach(() => {
  cleanup();
  syncEngine()?.stop();
});

describe('light start', () => {
  it('bootstrap reads the same legacy localStorage key as the store import', () => {
    expect(LEGACY_KEY).toBe(LEGACY_STORAGE_KEY);
  });

  it('draws the login form before its runtime (database, start-up) has arrived, and signs in through it', async () => {
    let deliver: (runtime: LoginRuntime) => void = () => undefined;
    const arrived = new Promise<LoginRuntime>((resolve) => (deliver = resolve));
    const loadRuntime = vi.fn(() => arrived);
    render(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage loadRuntime={loadRuntime} />
      </MemoryRouter>,
    );
    // Drawn at once, with the login texts only; the runtime is asked for after the first paint.
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Se souvenir de moi' })).toHaveProperty('checked', true);
    expect(loadRuntime).not.toHaveBeenCalled();
    await waitFor(() => expect(loadRuntime).toHaveBeenCalled());

    const signIn = vi.fn<LoginRuntime['signIn']>(() =>
      Promise.resolve({ ok: false, code: 'wrong-password' }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'awa@ecole.sn' } });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    // A submit before the runtime arrives waits for it, then signs in.
    deliver({
      whenStarted: () => Promise.resolve(),
      readLoginDevice: () => Promise.resolve({ isSignedIn: false, kioskName: null, knowsSomeone: false }),
      readNeedsEmergency: () => Promise.resolve(false),
      signIn,
    });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Mot de passe incorrect.');
    expect(signIn).toHaveBeenCalledWith({ email: 'awa@ecole.sn', password: 'x', remember: true });
  });

  it('starts the sync engine with the first sign-in when nobody has a session, at once otherwise', async () => {
    const noSession = (url: string) =>
      Promise.resolve(new Response(null, { status: url.startsWith('/api/auth/session') ? 401 : 503 }));
    const db = openDatabase(`light-start-${Date.now()}`);
    await bootstrap(db, noSession);
    expect(syncEngine()).toBeNull();
    globalThis.dispatchEvent(new Event(SESSION_EVENT));
    await waitFor(() => expect(syncEngine()).not.toBeNull());
    syncEngine()?.stop();

    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    const before = syncEngine();
    await bootstrap(db, offline);
    expect(syncEngine()).not.toBe(before);
    expect(syncEngine()).not.toBeNull();
    // Stopped before its database closes: on a slow machine its first exchange read the closed database.
    syncEngine()?.stop();
    db.close();
  });

  it.each([
    ['http://127.0.0.1:4000/assets/maplibre-gl-abc.js', true],
    ['http://127.0.0.1:4000/assets/maplibre-gl-abc.css', true],
    ['http://127.0.0.1:4000/assets/sheet-reader.worker-abc.js', true],
    ['http://127.0.0.1:4000/api/assets/x.js', false],
    ['http://127.0.0.1:4000/assets/icon.png', false],
    ['https://cdn.example.org/assets/x.js', false],
  ])('caches %s on first use: %s', (href, expected) => {
    expect(isBuildAsset(new URL(href), 'http://127.0.0.1:4000')).toBe(expected);
  });
});
