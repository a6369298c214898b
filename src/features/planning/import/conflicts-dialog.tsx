import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { SlotRef, TeacherConflict } from '../../../domain/planning/conflicts';
import { summarizeNames } from '../../../domain/planning/name-list';
import { fr } from '../../../i18n/fr';
import { AppDialog } from '../../../ui/app-dialog';

interface Props {
  conflicts: readonly TeacherConflict[];
  teacherName: (id: string) => string;
  describe: (ref: SlotRef) => string;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

const SHOWN_CONFLICTS = 10;

function frDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** spec part 2 point 4: teacher conflicts ask for confirmation before saving. */
export function ConflictsDialog({ conflicts, teacherName, describe, onConfirm, onCancel }: Props) {
  const [isBusy, setIsBusy] = useState(false);
  const t = fr.planning.import.conflicts;
  const lines = conflicts.map((c) =>
    t.line(teacherName(c.teacherUserId), c.dates.map(frDate).join(', '), describe(c.a), describe(c.b)),
  );
  const { shown, moreCount } = summarizeNames(lines, SHOWN_CONFLICTS);
  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open || isBusy ? undefined : onCancel())}
      title={t.title}
      role="alertdialog"
    >
      <p>{t.intro(conflicts.length)}</p>
      <ul className="import-conflict-list">
        {shown.map((line) => (
          <li key={line}>{line}</li>
        ))}
        {moreCount > 0 ? <li>{fr.planning.history.more(moreCount)}</li> : null}
      </ul>
      <div className="dialog-actions">
        <Button className="button secondary" onPress={onCancel} isDisabled={isBusy} autoFocus>
          {t.cancel}
        </Button>
        <Button
          className="button primary"
          isDisabled={isBusy}
          onPress={() => {
            setIsBusy(true);
            void onConfirm().finally(() => setIsBusy(false));
          }}
        >
          {t.confirm}
        </Button>
      </div>
    </AppDialog>
  );
}
