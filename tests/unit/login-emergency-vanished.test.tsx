import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRuntime } from '../../src/features/auth/login-loader';
import { LoginPage } from '../../src/features/auth/login-page';

/**
 * Issue 31 item 7 on the login screen: the emergency area shows once its answer is known (the card is busy
 * until then), and a device whose database vanished never shows it, whether the vanishing came before the
 * screen asked (even with ?emergency=1) or after the area appeared.
 */
afterEach(cleanup);
// The area's lazy chunk compiled beforehand: a later wait for it measures the screen, not the transform.
beforeAll(async () => {
  await import('../../src/features/auth/emergency-area');
});

const EMERGENCY = /Aucun administrateur actif/;

function runtime(needsEmergency: boolean, vanished: { now: boolean; fire?: () => void }): LoginRuntime {
  return {
    whenStarted: () => Promise.resolve(),
    readLoginDevice: () => Promise.resolve({ isSignedIn: false, kioskName: null, knowsSomeone: true }),
    readNeedsEmergency: () => Promise.resolve(needsEmergency),
    readIsNewSchool: () => Promise.resolve(false),
    onStorageVanished: (listener) => {
      if (vanished.now) listener();
      vanished.fire = listener;
      return () => (vanished.fire = undefined);
    },
    signIn: () => Promise.resolve({ ok: false, code: 'wrong-password' }),
  };
}

function draw(path: string, loginRuntime: LoginRuntime) {
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <LoginPage loadRuntime={() => Promise.resolve(loginRuntime)} />
    </MemoryRouter>,
  );
  return view.container.querySelector('main') as HTMLElement;
}

describe('login screen and a vanished database', () => {
  it('offers the area on the runtime’s word once decided, and withdraws it when the database vanishes', async () => {
    const vanished: { now: boolean; fire?: () => void } = { now: false };
    const main = draw('/login', runtime(true, vanished));
    expect(main.getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByText(EMERGENCY, {}, { timeout: 5_000 })).toBeTruthy();
    expect(main.getAttribute('aria-busy')).toBe('false');
    act(() => vanished.fire?.());
    await waitFor(() => expect(screen.queryByText(EMERGENCY)).toBeNull());
  });

  it('already vanished: never shown, not even when asked with ?emergency=1', async () => {
    const vanished = { now: true };
    const main = draw('/login?emergency=1', runtime(true, vanished));
    await waitFor(() => expect(main.getAttribute('aria-busy')).toBe('false'));
    // The lazy area would have had every chance to arrive by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(screen.queryByText(EMERGENCY)).toBeNull();
  });

  it('no emergency on the runtime’s word: decided, nothing shown', async () => {
    const main = draw('/login', runtime(false, { now: false }));
    await waitFor(() => expect(main.getAttribute('aria-busy')).toBe('false'));
    expect(screen.queryByText(EMERGENCY)).toBeNull();
  });
});
