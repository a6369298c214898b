import { appDb } from '../db/database';
import { getMeta } from '../db/meta';
import { isNewSchool, needsEmergencyAdmin, signInWithPassword } from '../features/auth/auth-service';
import type { LoginDevice, LoginRuntime } from '../features/auth/login-loader';
import { readSession } from '../session/session';
import { readStorageState, STORAGE_EVENTS, storageHasVanished } from './lost-work/watch-pending';
import { startApp } from './start-app';

/**
 * What the login screen needs beyond drawing itself: the local database (Dexie), the start-up, the device's
 * state and sign-in. A chunk of its own, asked for once the form is drawn (login-page.tsx), so a new device
 * shows the form before any of it arrives.
 */

export async function whenStarted(): Promise<void> {
  await startApp();
}

export async function readLoginDevice(): Promise<LoginDevice> {
  await startApp();
  const db = appDb();
  return {
    isSignedIn: (await readSession(db)) !== null,
    kioskName: await getMeta(db, 'kioskName'),
    knowsSomeone: Object.keys(await getMeta(db, 'offlineHashes')).length > 0,
  };
}

/**
 * Asked once per visit, after the start-up (which gives an emptied database its school back): only the
 * server's answer offers the area, and never on a database that vanished (issue 31 item 7).
 */
export async function readNeedsEmergency(): Promise<boolean> {
  await startApp();
  const db = appDb();
  return needsEmergencyAdmin(db, () => readStorageState(db));
}

/** The database vanished under the open page (watch-pending.ts): the screen withdraws the emergency area. */
export function onStorageVanished(listener: () => void): () => void {
  if (storageHasVanished()) listener();
  globalThis.addEventListener(STORAGE_EVENTS.vanished, listener);
  return () => globalThis.removeEventListener(STORAGE_EVENTS.vanished, listener);
}

/** Day one: the school does not exist yet, the emergency area comes first (issue 33 point 9). */
export async function readIsNewSchool(): Promise<boolean> {
  await startApp();
  return isNewSchool(appDb());
}

/**
 * Asked once a person submits the form: what the signed-in app needs next (its routes, the shell, the store
 * loader) downloads and compiles while the server checks the password and the store arrives, instead of one
 * chunk after the other once the store is there. Never before: the login screen's budget stays its own.
 */
function prefetchSignedInApp(): void {
  // One after the other: each chunk is evaluated in a task of its own, not all in one long task.
  void (async () => {
    // The page's first use of the browser's locale data (12-22 ms in Chromium) in a task of its own, not inside
    // the shell's evaluation (react-aria reads the locale as its module loads): that task was 55-63 ms.
    await new Promise((resolve) => setTimeout(resolve, 0));
    Intl.DateTimeFormat.supportedLocalesOf([navigator.language || 'fr']);
    await import('./full-app');
    await import('./shell/shell');
    await import('../sync/remote-store');
  })().catch(() => undefined);
}

export const signIn: LoginRuntime['signIn'] = async (input) => {
  prefetchSignedInApp();
  await startApp();
  return signInWithPassword(appDb(), input);
};
