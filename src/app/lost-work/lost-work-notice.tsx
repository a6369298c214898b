import { useCallback, useEffect, useState } from 'react';
import { browserFetch, orgQuery, postJson } from '../../api/http';
import { appDb } from '../../db/database';
import { getMeta } from '../../db/meta';
import { frResilience } from '../../i18n/fr-resilience';
import { useSession } from '../../session/use-session';
import { readLostWork, writeLostWork, type LostWork } from './pending-shadow';
import { STORAGE_EVENTS, storageHasVanished } from './watch-pending';
import './lost-work.css';

const t = frResilience;
const REPORT_RETRY_MS = 30_000;

/** Sends each unreported loss (POST /api/lost-work); kept for later when no server session answers. */
async function reportLosses(): Promise<boolean> {
  let changed = false;
  const fallbackOrg = await getMeta(appDb(), 'orgId');
  const list = readLostWork();
  for (const lost of list) {
    if (lost.reported) continue;
    const org = lost.orgId ?? fallbackOrg;
    if (!org) continue;
    const response = await postJson(browserFetch, `/api/lost-work?${orgQuery(org)}`, {
      id: lost.id,
      count: lost.count,
      oldestAt: lost.oldestAt,
      latestAt: lost.latestAt,
      noticedAt: lost.noticedAt,
      userName: lost.userName,
    });
    if (response?.ok) {
      lost.reported = true;
      changed = true;
    }
  }
  if (changed) writeLostWork(list);
  return changed;
}

/**
 * Issue 31 item 7, on every screen: changes found lost at start (what, when, by whom; reported to the
 * server's journal as soon as a session lets it), the database vanished under the open page (a screen of its
 * own over everything, never the emergency area), persistent storage refused at the first offline change.
 */
export function LostWorkNotice() {
  const session = useSession();
  const [losses, setLosses] = useState<LostWork[]>(() => readLostWork().filter((l) => !l.seen));
  const [vanished, setVanished] = useState(storageHasVanished);
  const [persistRefused, setPersistRefused] = useState(false);
  const reread = useCallback(() => setLosses(readLostWork().filter((l) => !l.seen)), []);

  useEffect(() => {
    const onVanished = () => setVanished(true);
    const onRefused = () => setPersistRefused(true);
    globalThis.addEventListener(STORAGE_EVENTS.lost, reread);
    globalThis.addEventListener(STORAGE_EVENTS.vanished, onVanished);
    globalThis.addEventListener(STORAGE_EVENTS.persistRefused, onRefused);
    // A loss recorded between the first render and these listeners.
    const late = setTimeout(reread, 0);
    return () => {
      clearTimeout(late);
      globalThis.removeEventListener(STORAGE_EVENTS.lost, reread);
      globalThis.removeEventListener(STORAGE_EVENTS.vanished, onVanished);
      globalThis.removeEventListener(STORAGE_EVENTS.persistRefused, onRefused);
    };
  }, [reread]);

  const signedIn = session.status === 'signed-in';
  const userId = signedIn ? session.user.id : null;
  // Tried at once and again later, signed in here or not: the server's session cookie (which a cleared
  // database does not end) decides; without one, the report waits for the next sign-in.
  useEffect(() => {
    let stopped = false;
    const attempt = () => {
      if (readLostWork().every((l) => l.reported)) return;
      void reportLosses().then((changed) => {
        if (changed && !stopped) reread();
      });
    };
    attempt();
    const timer = setInterval(attempt, REPORT_RETRY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [signedIn, userId, reread]);

  // The vanished database has its own screen, outside React (vanished-screen.ts).
  if (vanished) return null;

  const lost = losses[0];
  if (lost) {
    const close = () => {
      writeLostWork(readLostWork().map((l) => (l.id === lost.id ? { ...l, seen: true } : l)));
      reread();
    };
    return (
      <div
        className="lost-work-screen"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="lost-work-title"
      >
        <div className="lost-work-card">
          <h1 id="lost-work-title">{t.lostWork.title}</h1>
          <p>{t.lostWork.body(lost)}</p>
          <p>{lost.reported ? t.lostWork.reported : t.lostWork.willReport}</p>
          <button type="button" className="button primary" onClick={close}>
            {t.lostWork.dismiss}
          </button>
        </div>
      </div>
    );
  }

  if (persistRefused)
    return (
      <div className="lost-work-banner" role="status">
        <span>{t.persistence.refused}</span>
        <button type="button" className="button small" onClick={() => setPersistRefused(false)}>
          {t.persistence.dismiss}
        </button>
      </div>
    );
  return null;
}
