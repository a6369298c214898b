import { appDb } from '../db/database';
import { getMeta } from '../db/meta';
import { needsEmergencyAdmin, signInWithPassword } from '../features/auth/auth-service';
import type { LoginDevice, LoginRuntime } from '../features/auth/login-loader';
import { readSession } from '../session/session';
import { startApp } from './start-app';

/**
 * What the login screen needs beyond drawing itself: the local database (Dexie), the start-up, the device's
 * state and sign-in. A chunk of its own, asked for once the form is drawn (login-page.tsx), so a new device
 * shows the form before any of it arrives.
 */

export async function readLoginDevice(): Promise<LoginDevice> {
  await startApp();
  const db = appDb();
  return {
    isSignedIn: (await readSession(db)) !== null,
    kioskName: await getMeta(db, 'kioskName'),
    knowsSomeone: Object.keys(await getMeta(db, 'offlineHashes')).length > 0,
  };
}

/** Asked once per visit: the server sees every user; offline, the device's copy answers. */
export async function readNeedsEmergency(): Promise<boolean> {
  await startApp();
  return needsEmergencyAdmin(appDb());
}

export const signIn: LoginRuntime['signIn'] = async (input) => {
  await startApp();
  return signInWithPassword(appDb(), input);
};
