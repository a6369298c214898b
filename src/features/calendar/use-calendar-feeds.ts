import { useCallback, useEffect, useState } from 'react';
import { createFeed, listFeeds, revokeFeed, type CalendarFailure } from '../../api/calendar';
import { browserFetch } from '../../api/http';
import { appDb } from '../../db/database';
import { getMeta } from '../../db/meta';
import type { FeedKey, FeedSummary } from '../../domain/api-schemas/calendar';
import { frCalendar } from '../../i18n/fr-calendar';

export interface RevealedFeed {
  key: FeedKey;
  url: string;
  webcal: string;
}

const t = frCalendar.dialog;

async function fetchFeeds() {
  return listFeeds(browserFetch, await getMeta(appDb(), 'orgId'));
}

function messageOf(failure: CalendarFailure): string {
  if (failure.code === 'offline') return t.offline;
  if (failure.code === 'refused') return t.refused;
  return t.failed;
}

/**
 * The person's feed addresses as the server knows them, and the actions on them (online only). Used inside
 * the open dialog only: closing it unmounts the state, so an address shown once is forgotten.
 */
export function useCalendarFeeds() {
  const [feeds, setFeeds] = useState<FeedSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<RevealedFeed | null>(null);

  const apply = useCallback((answer: Awaited<ReturnType<typeof fetchFeeds>>) => {
    if (answer.ok) {
      setFeeds(answer.value);
      setError(null);
    } else {
      setFeeds([]);
      setError(messageOf(answer));
    }
  }, []);
  const reload = useCallback(async () => apply(await fetchFeeds()), [apply]);

  useEffect(() => {
    let isLive = true;
    void fetchFeeds().then((answer) => {
      if (isLive) apply(answer);
    });
    return () => {
      isLive = false;
    };
  }, [apply]);

  const create = useCallback(
    async (key: FeedKey) => {
      const answer = await createFeed(
        browserFetch,
        await getMeta(appDb(), 'orgId'),
        key,
        window.location.origin,
      );
      if (!answer.ok) {
        setError(messageOf(answer));
        return;
      }
      setRevealed({ key, ...answer.value });
      await reload();
    },
    [reload],
  );

  const revoke = useCallback(
    async (key: FeedKey) => {
      const answer = await revokeFeed(browserFetch, await getMeta(appDb(), 'orgId'), key);
      if (!answer.ok && answer.code !== 'not-found') {
        setError(messageOf(answer));
        return;
      }
      setRevealed(null);
      await reload();
    },
    [reload],
  );

  return { feeds, error, revealed, create, revoke };
}

export function sameFeed(a: FeedKey, b: Pick<FeedSummary, 'kind' | 'targetId'>, ownerId: string): boolean {
  return a.kind === b.kind && (a.kind === 'me' ? b.targetId === ownerId : a.targetId === b.targetId);
}
