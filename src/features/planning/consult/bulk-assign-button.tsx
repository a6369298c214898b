import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../../db/database';
import { mayBulkAssign, type DateRange } from '../../../domain/planning/bulk-assign';
import { frBulkAssign } from '../../../i18n/fr-bulk-assign';
import { readBulkAssignData } from '../../../services/planning/bulk-assign';
import { BulkAssignDialog, type BulkAssignActor } from './bulk-assign-dialog';
import './bulk-assign.css';

interface Props {
  /** The dates Consulter shows, and how it names them ("Semaine 45 · du 02/11 au 08/11/2026"). */
  range: DateRange | null;
  periodLabel: string;
  actor: BulkAssignActor;
}

/**
 * "À affecter (N)" in Consulter (issue 30 item 5): for those who may staff courses (planning admin actions or
 * import), when some course of the organisation has no teacher. Opens the dialog that staffs them in bulk.
 */
export function BulkAssignButton({ range, periodLabel, actor }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  const allowed = mayBulkAssign(actor.granted);
  const data = useLiveQuery(
    () => (allowed ? readBulkAssignData(appDb(), range, '—') : Promise.resolve(null)),
    [allowed, range?.from, range?.to],
  );
  const total = data?.groups.reduce((n, g) => n + g.courseCount, 0) ?? 0;
  // Once the last course is staffed the button goes, the open dialog stays (it says there is none left).
  if (!allowed || !data || (total === 0 && !isOpen)) return null;
  return (
    <>
      {total > 0 ? (
        <Button className="button secondary bulk-assign-open" onPress={() => setIsOpen(true)}>
          <span aria-hidden="true" className="bulk-assign-dot" />
          {frBulkAssign.open(total)}
        </Button>
      ) : null}
      {isOpen ? (
        <BulkAssignDialog
          groups={data.groups}
          groupsInRange={data.groupsInRange}
          teachers={data.teachers}
          total={total}
          range={range}
          periodLabel={periodLabel}
          actor={actor}
          onClose={() => setIsOpen(false)}
        />
      ) : null}
    </>
  );
}
