import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { askPersistentStorage } from '../../src/db/persist-storage';
import { STORAGE_EVENTS } from '../../src/app/lost-work/watch-pending';
import { PwaSupport } from '../../src/app/pwa/pwa-support';
import { StorageSection } from '../../src/features/settings/storage-section';
import { frResilience } from '../../src/i18n/fr-resilience';
import { fr } from '../../src/i18n/fr';

// A teacher signed in on this device (the notices read the session; nothing else of it matters here).
vi.mock('../../src/session/use-session', () => ({
  useSession: () => ({ status: 'signed-in', user: { id: 'u-t1', name: 'Moussa Fall' } }),
  useSignedInSession: () => ({ status: 'signed-in', user: { id: 'u-t1', name: 'Moussa Fall' } }),
}));

/**
 * Issue 31 item 7: persistent storage is asked where a refusal can be told (the first change made offline,
 * the Paramètres button), never silently at sign-in; a refusal says what to do (install the app).
 */
interface FakeStorage {
  persisted: () => Promise<boolean>;
  persist: Mock<() => Promise<boolean>>;
  estimate: () => Promise<{ usage: number; quota: number }>;
}

function browserStorage(answers: { persisted: boolean; persist: boolean | Error }): FakeStorage {
  const storage: FakeStorage = {
    persisted: () => Promise.resolve(answers.persisted),
    persist: vi.fn<() => Promise<boolean>>(() =>
      answers.persist instanceof Error ? Promise.reject(answers.persist) : Promise.resolve(answers.persist),
    ),
    estimate: () => Promise.resolve({ usage: 2_500_000, quota: 100_000_000 }),
  };
  vi.stubGlobal('navigator', { ...navigator, onLine: true, storage });
  return storage;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('askPersistentStorage', () => {
  it.each([
    ['already kept: not asked again', { persisted: true, persist: false }, 'granted', 0],
    ['granted when asked', { persisted: false, persist: true }, 'granted', 1],
    ['refused when asked', { persisted: false, persist: false }, 'refused', 1],
    ['a browser that throws is a refusal', { persisted: false, persist: new Error('blocked') }, 'refused', 1],
  ] as const)('%s', async (_name, answers, said, asked) => {
    const storage = browserStorage(answers);
    expect(await askPersistentStorage()).toBe(said);
    expect(storage.persist).toHaveBeenCalledTimes(asked);
  });

  it('a browser without the Storage API is neither asked nor told a refusal', async () => {
    vi.stubGlobal('navigator', { ...navigator, storage: undefined });
    expect(await askPersistentStorage()).toBe('unsupported');
  });
});

describe('where persistent storage is asked', () => {
  it('signing in asks nothing; the refusal of the first offline change is told, with what to do', async () => {
    const storage = browserStorage({ persisted: false, persist: false });
    render(<PwaSupport />);
    // The session is signed in from the first render: give its effects every chance to run.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(storage.persist).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();

    act(() => {
      globalThis.dispatchEvent(new Event(STORAGE_EVENTS.persistRefused));
    });
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain(frResilience.persistence.refused);
    expect(banner.textContent).toMatch(/installez l’application/);
    fireEvent.click(screen.getByRole('button', { name: frResilience.persistence.dismiss }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('Paramètres: a refusal is said in the section with the advice to install the app', async () => {
    const storage = browserStorage({ persisted: false, persist: false });
    render(<StorageSection />);
    const ask = await screen.findByRole('button', { name: fr.settings.data.persistButton });
    expect(screen.queryByText(frResilience.persistence.settingsRefused)).toBeNull();
    fireEvent.click(ask);
    await waitFor(() => expect(storage.persist).toHaveBeenCalledTimes(1));
    expect((await screen.findByRole('status')).textContent).toBe(frResilience.persistence.settingsRefused);
    expect(screen.getByText(fr.settings.data.notPersisted)).toBeTruthy();
  });

  it('Paramètres: granted, the section says so and no longer offers to ask', async () => {
    let kept = false;
    const storage = browserStorage({ persisted: false, persist: true });
    storage.persisted = () => Promise.resolve(kept);
    storage.persist.mockImplementation(() => {
      kept = true;
      return Promise.resolve(true);
    });
    render(<StorageSection />);
    fireEvent.click(await screen.findByRole('button', { name: fr.settings.data.persistButton }));
    expect(await screen.findByText(fr.settings.data.persisted)).toBeTruthy();
    expect(screen.queryByRole('button', { name: fr.settings.data.persistButton })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
