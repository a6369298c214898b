import { useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../../db/database';
import type { DateRange } from '../../../domain/planning/bulk-assign';
import { frBulkAssign } from '../../../i18n/fr-bulk-assign';
import {
  applyBulkAssignment,
  previewBulkAssignment,
  type BulkAssignOutcome,
  type NamedUnassignedGroup,
} from '../../../services/planning/bulk-assign';
import { AppDialog } from '../../../ui/app-dialog';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useToast } from '../../../ui/toast';
import { BulkAssignRow } from './bulk-assign-row';

const t = frBulkAssign;

export interface BulkAssignActor {
  userId: string;
  granted: Iterable<string>;
}

interface Pending {
  group: NamedUnassignedGroup;
  teacher: { id: string; name: string };
  message: string;
  scoped: boolean;
}

function confirmMessage(
  group: NamedUnassignedGroup,
  teacherName: string,
  outcome: BulkAssignOutcome,
): string {
  if (!outcome.ok) return '';
  const { assigned, begun, skipped } = outcome.value;
  return (
    t.confirm(assigned, teacherName, group.moduleName, group.className) +
    (begun > 0 ? t.begun(begun) : '') +
    (skipped['month-closed'] > 0 ? t.skippedClosed(skipped['month-closed']) : '') +
    (skipped['own-started'] > 0 ? t.skippedOwn(skipped['own-started']) : '')
  );
}

interface DialogProps {
  range: DateRange | null;
  periodLabel: string;
  actor: BulkAssignActor;
  groups: NamedUnassignedGroup[];
  groupsInRange: NamedUnassignedGroup[] | null;
  teachers: { id: string; name: string }[];
  total: number;
  onClose: () => void;
}

/** The courses "à affecter" by module and class, a teacher picker and "Affecter" for each, confirmed. */
export function BulkAssignDialog(props: DialogProps) {
  const { teachers, range, periodLabel, actor, onClose } = props;
  const toast = useToast();
  const scopeName = useId();
  const [scoped, setScoped] = useState(false);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const groups = scoped && props.groupsInRange ? props.groupsInRange : props.groups;
  const request = (group: NamedUnassignedGroup, teacherUserId: string, inRange: boolean) => ({
    moduleId: group.moduleId,
    classId: group.classId,
    teacherUserId,
    actor,
    range: inRange ? range : null,
  });

  const ask = async (group: NamedUnassignedGroup) => {
    const teacher = teachers.find((p) => p.id === choices[group.key]);
    if (!teacher) return;
    const outcome = await previewBulkAssignment(appDb(), request(group, teacher.id, scoped));
    if (!outcome.ok) {
      toast.show(t.refused[outcome.reason], 'error');
      return;
    }
    setPending({ group, teacher, message: confirmMessage(group, teacher.name, outcome), scoped });
  };
  const assign = async (p: Pending) => {
    try {
      const outcome = await applyBulkAssignment(appDb(), request(p.group, p.teacher.id, p.scoped));
      if (!outcome.ok) {
        toast.show(t.refused[outcome.reason], 'error');
        return;
      }
      toast.show(t.done(outcome.value.assigned, p.teacher.name), 'success');
      setChoices(({ [p.group.key]: _done, ...rest }) => rest);
    } catch {
      toast.show(t.failed, 'error');
    }
  };

  return (
    <AppDialog isOpen onOpenChange={(open) => !open && onClose()} title={t.title} size="large">
      <div className="bulk-assign">
        <p className="hint">{t.intro(props.total)}</p>
        {range ? (
          <fieldset className="bulk-assign-scope">
            <legend>{t.scopeLabel}</legend>
            <label>
              <input type="radio" name={scopeName} checked={!scoped} onChange={() => setScoped(false)} />{' '}
              {t.scopeAll}
            </label>
            <label>
              <input type="radio" name={scopeName} checked={scoped} onChange={() => setScoped(true)} />{' '}
              {t.scopePeriod(periodLabel)}
            </label>
          </fieldset>
        ) : null}
        {teachers.length === 0 ? (
          <p className="form-error" role="note">
            {t.noTeachers}
          </p>
        ) : null}
        {groups.length === 0 ? (
          <p className="empty" role="status">
            {scoped ? t.noneInPeriod : t.none}
          </p>
        ) : (
          <ul className="bulk-assign-list" aria-label={t.listLabel}>
            {groups.map((group) => (
              <BulkAssignRow
                key={group.key}
                group={group}
                teachers={teachers}
                value={choices[group.key] ?? ''}
                onChange={(id) => setChoices((c) => ({ ...c, [group.key]: id }))}
                onAssign={() => void ask(group)}
              />
            ))}
          </ul>
        )}
      </div>
      <div className="dialog-actions">
        <Button className="button secondary" slot="close">
          {t.close}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={t.confirmTitle}
        message={pending?.message ?? ''}
        confirmLabel={t.confirmButton}
        cancelLabel={t.cancel}
        isDestructive={false}
        onConfirm={() => (pending ? assign(pending) : undefined)}
      />
    </AppDialog>
  );
}
