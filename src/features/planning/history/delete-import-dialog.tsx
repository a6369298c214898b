import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../../db/database';
import { sortNames, summarizeNames } from '../../../domain/planning/name-list';
import type { PlanningImport } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import {
  deleteImport,
  previewImportDeletion,
  type DeleteImportResult,
} from '../../../services/planning-import';
import { AppDialog } from '../../../ui/app-dialog';
import { useToast } from '../../../ui/toast';
import { BlockedList } from './blocked-list';
import { importPeriodLabel } from './period-label';

interface Props {
  record: PlanningImport;
  classNames: ReadonlyMap<string, string>;
  onClose: () => void;
}

function NameGroup({ title, names }: { title: string; names: readonly string[] }) {
  if (names.length === 0) return null;
  const { shown, moreCount } = summarizeNames(sortNames(names));
  return (
    <li>
      <strong>{title}</strong> : {shown.join(', ')}
      {moreCount > 0 ? ` ${fr.details.names.more(moreCount)}` : ''}
    </li>
  );
}

/** spec part 2 points 2 and 4: the deletion lists what goes (5 names then '+ N autres') or why it is blocked. */
export function DeleteImportDialog({ record, classNames, onClose }: Props) {
  const [plan, setPlan] = useState<DeleteImportResult | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();
  const t = fr.planning.history;
  const period = importPeriodLabel(record);
  useEffect(() => {
    let isCurrent = true;
    void previewImportDeletion(appDb(), record.id).then((result) => {
      if (isCurrent) setPlan(result);
    });
    return () => {
      isCurrent = false;
    };
  }, [record.id]);

  const confirm = async () => {
    setIsBusy(true);
    try {
      const result = await deleteImport(appDb(), record.id);
      if (result.ok) {
        toast.show(t.deleted);
        onClose();
        return;
      }
      setPlan(result);
      toast.show(result.code === 'blocked' ? t.blocked : t.notFound, 'error');
    } catch {
      toast.show(t.deleteFailed, 'error');
    }
    setIsBusy(false);
  };

  const className = (id: string) => classNames.get(id) ?? t.unknownClass;
  const blocked = plan && !plan.ok && plan.code === 'blocked' ? plan.blockers : null;
  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open || isBusy ? undefined : onClose())}
      title={blocked ? t.blocked : t.deleteTitle}
      role="alertdialog"
    >
      {plan === null ? <p className="hint">{t.loading}</p> : null}
      {plan && !plan.ok && plan.code === 'not-found' ? <p>{t.notFound}</p> : null}
      {blocked ? (
        <div className="form-error" role="alert">
          <p className="import-error-text">{t.blockedIntro}</p>
          <BlockedList blockers={blocked} />
        </div>
      ) : null}
      {plan?.ok ? (
        <>
          <p>{t.deleteIntro(record.fileName, period)}</p>
          {plan.value.timetables.length +
            plan.value.legacyTimetables.length +
            plan.value.classes.length +
            plan.value.courseModules.length +
            plan.value.users.length ===
          0 ? (
            <p className="hint">{t.nothingElse}</p>
          ) : (
            <ul className="history-delete-list">
              <NameGroup
                title={t.timetables(plan.value.timetables.length)}
                names={plan.value.timetables.map((x) => className(x.classId))}
              />
              <NameGroup
                title={t.legacy(plan.value.legacyTimetables.length)}
                names={plan.value.legacyTimetables.map((x) => className(x.classId))}
              />
              <NameGroup
                title={t.classes(plan.value.classes.length)}
                names={plan.value.classes.map((x) => x.code)}
              />
              <NameGroup
                title={t.modules(plan.value.courseModules.length)}
                names={plan.value.courseModules.map((x) => x.name)}
              />
              <NameGroup
                title={t.teachers(plan.value.users.length)}
                names={plan.value.users.map((x) => x.name)}
              />
            </ul>
          )}
        </>
      ) : null}
      <div className="dialog-actions">
        <Button className="button secondary" onPress={onClose} isDisabled={isBusy} autoFocus>
          {plan?.ok ? t.cancel : t.close}
        </Button>
        {plan?.ok ? (
          <Button className="button danger" onPress={() => void confirm()} isDisabled={isBusy}>
            {t.confirm}
          </Button>
        ) : null}
      </div>
    </AppDialog>
  );
}
