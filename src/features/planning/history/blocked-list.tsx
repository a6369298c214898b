import { summarizeNames } from '../../../domain/planning/name-list';
import type { ImportDeletionBlocker } from '../../../domain/planning/import-deletion';
import { fr } from '../../../i18n/fr';

/** 'Suppression bloquée' (spec part 2 point 9): at most 5 blocking items, then '+ N autres'. */
export function BlockedList({ blockers }: { blockers: readonly ImportDeletionBlocker[] }) {
  const t = fr.planning.history;
  const lines = blockers.map((b) => ({
    key: `${b.kind}-${b.id}`,
    text: t.blockedItem(t.kinds[b.kind], b.name, b.timetableIds.length),
  }));
  const { shown, moreCount } = summarizeNames(lines);
  return (
    <ul>
      {shown.map((line) => (
        <li key={line.key}>{line.text}</li>
      ))}
      {moreCount > 0 ? <li>{fr.details.names.more(moreCount)}</li> : null}
    </ul>
  );
}
