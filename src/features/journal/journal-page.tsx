import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../db/database';
import type { JournalItemFilter } from '../../domain/journal/journal-items';
import { JOURNAL_PAGE_SIZE, journalEmptyKind } from '../../domain/journal/journal-query';
import { fr } from '../../i18n/fr';
import { JournalEntryRow } from './journal-entry-row';
import { downloadJournalCsv, printJournal } from './journal-export';
import { JournalFilters } from './journal-filters';
import './journal.css';
import { hasAnyJournalEntry, queryJournalItems } from './journal-service';

const EMPTY_TEXTS = {
  empty: fr.journal.empty,
  'no-match': fr.details.journal.noMatch,
  'empty-period': fr.journal.emptyPeriod,
} as const;
const NO_FILTER: JournalItemFilter = { query: '', from: '', to: '', actions: new Set(), kinds: new Set() };
/** Exports take every matching entry, up to this bound, not only the loaded pages. */
const EXPORT_MAX_ENTRIES = 100_000;

/**
 * /journal (spec part 2 point 2): newest first, pages of 50, filters, expandable changes, CSV and PDF. Issue 33
 * point 8: every kind of action (accounts, planning, contracts), worded in French, filtered by kind.
 */
export function JournalPage() {
  const [filter, setFilter] = useState<JournalItemFilter>(NO_FILTER);
  const [pages, setPages] = useState(1);
  const limit = pages * JOURNAL_PAGE_SIZE;
  // One more than shown tells whether "Charger plus" has anything to load.
  const entries = useLiveQuery(() => queryJournalItems(appDb(), filter, limit + 1), [filter, limit]);
  const hasAny = useLiveQuery(() => hasAnyJournalEntry(appDb()), []);
  const changeFilter = (next: JournalItemFilter) => {
    setFilter(next);
    setPages(1);
  };
  const exportAll = async (kind: 'csv' | 'pdf') => {
    const all = await queryJournalItems(appDb(), filter, EXPORT_MAX_ENTRIES);
    if (kind === 'csv') await downloadJournalCsv(all, new Date().toISOString().slice(0, 10));
    else printJournal(all);
  };
  const shown = (entries ?? []).slice(0, limit);
  return (
    <section aria-labelledby="journal-title">
      <div className="toolbar">
        <h2 id="journal-title" className="grow">
          {fr.journal.title}
        </h2>
        <Button
          className="button secondary"
          onPress={() => void exportAll('csv')}
          isDisabled={shown.length === 0}
        >
          {fr.journal.exportCsv}
        </Button>
        <Button
          className="button secondary"
          onPress={() => void exportAll('pdf')}
          isDisabled={shown.length === 0}
        >
          {fr.journal.exportPdf}
        </Button>
      </div>
      <JournalFilters filter={filter} onChange={changeFilter} />
      {entries === undefined ? <p className="page-loading">{fr.app.loading}</p> : null}
      {entries !== undefined && shown.length === 0 ? (
        <p className="empty">{EMPTY_TEXTS[journalEmptyKind(filter, hasAny === true)]}</p>
      ) : null}
      {shown.length > 0 ? (
        <>
          <p className="count-line" role="status">
            {fr.journal.shown(shown.length)}
          </p>
          <div className="table-scroll">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">{fr.journal.colDate}</th>
                  <th scope="col">{fr.journal.colAction}</th>
                  <th scope="col">{fr.journal.colTarget}</th>
                  <th scope="col">{fr.journal.colActor}</th>
                  <th scope="col">{fr.journal.colDetails}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((e) => (
                  <JournalEntryRow key={e.id} entry={e} />
                ))}
              </tbody>
            </table>
          </div>
          {(entries?.length ?? 0) > limit ? (
            <div className="load-more">
              <Button className="button secondary" onPress={() => setPages(pages + 1)}>
                {fr.journal.loadMore}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
