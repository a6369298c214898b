import { appDb } from '../db/database';
import { expireEphemeralSession } from '../session/session';
import { provideStoreLoader } from '../session/store-loader';
import { applyOrgFromUrl } from './org-param';

let started: Promise<void> | null = null;
let isStarted = false;

/** Whether startApp() has finished (a screen mounted later shows at once, without a loading step). */
export function hasAppStarted(): boolean {
  return isStarted;
}

/**
 * A device that already holds data opens at once and catches up with the server in the background
 * (offline first); a brand-new device waits for the start-up (server session, organisation status), since
 * nobody could sign in without it. The start-up code is its own chunk (bootstrap.ts), and the heavy parts
 * of it (store validation, migrations, sync engine: zod and luxon) load only once someone has a session.
 * Runs once per page: the login screen and the signed-in routes share it.
 */
export function startApp(): Promise<void> {
  started ??= (async () => {
    // Loaded on demand: the store's schema and migrations stay out of the login screen's bundle.
    provideStoreLoader(async (db, fetchImpl, viewer) => {
      await (await import('../sync/remote-store')).loadRemoteStore(db, fetchImpl, { viewer });
    });
    // Its code downloads while the local database answers.
    const bootstrapCode = import('./bootstrap');
    bootstrapCode.catch(() => undefined); // a failure is met below, where the start-up awaits it
    const db = appDb();
    // Issue 31 item 7: changes lost with a cleared database are told (and its school given back before the
    // start reads it); the outbox's shadow is kept up to date.
    await import('./lost-work/watch-pending')
      .then((m) => m.watchPendingWork(db))
      .catch((error: unknown) => console.error('lost-work', error));
    await applyOrgFromUrl(db, window.location.search);
    const hasLocalData = (await db.profiles.count()) > 0;
    const bootstrapped = bootstrapCode.then((m) => m.bootstrap());
    if (hasLocalData) bootstrapped.catch((error: unknown) => console.error('bootstrap', error));
    else await bootstrapped;
    await expireEphemeralSession(db);
    isStarted = true;
  })();
  return started;
}
