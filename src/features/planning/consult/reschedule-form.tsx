import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { appDb } from '../../../db/database';
import type { Actor } from '../../../domain/planning/planning-log';
import type { SlotDisplayItem } from '../../../domain/planning/slot-display';
import { validateTimeRange } from '../../../domain/planning/time-input';
import { fr } from '../../../i18n/fr';
import {
  checkReschedule,
  contractWarningTexts,
  rescheduleTimetableSlot,
  type NewSlotTimes,
} from '../../../services/planning';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { TextField } from '../../../ui/text-field';
import { dayName } from '../../../ui/timetable';
import { useToast } from '../../../ui/toast';
import { actionErrorMessage } from './action-messages';
import { SelectField } from './select-field';

interface Props {
  item: SlotDisplayItem;
  actor: Actor;
}

/**
 * Reschedule part of "Gérer un cours" (spec part 2 points 4 and 5): day, start and end (H:MM or HH:MM);
 * a teacher conflict at the new time asks for confirmation before writing.
 */
export function RescheduleForm({ item, actor }: Props) {
  const t = fr.planning.consult.manage;
  const toast = useToast();
  const [day, setDay] = useState(String(item.dayOfWeek));
  const [start, setStart] = useState(item.startTime);
  const [end, setEnd] = useState(item.endTime);
  const [errors, setErrors] = useState<{ start?: string; end?: string }>({});
  const [pending, setPending] = useState<NewSlotTimes | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const target = { timetableId: item.timetableId, slotIndex: item.slotIndex };

  const write = async (times: NewSlotTimes) => {
    const result = await rescheduleTimetableSlot(appDb(), { ...target, ...times, actor });
    toast.show(result.ok ? t.rescheduled : actionErrorMessage(result.code), result.ok ? 'success' : 'error');
    if (!result.ok) return;
    // spec part 2 point 5: contract warnings are shown and logged, never blocking.
    const moved = await appDb().timetables.get(item.timetableId);
    const slot = moved?.slots[item.slotIndex];
    if (!moved || !slot) return;
    const warnings = await contractWarningTexts(appDb(), [moved], {
      teacherUserId: slot.teacherUserId,
      moduleId: slot.moduleId,
    });
    for (const warning of warnings) toast.show(warning, 'info', 6000);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateTimeRange(start.trim(), end.trim());
    if (!checked.ok) {
      setErrors(
        checked.code === 'invalid-start-time'
          ? { start: t.invalidTime }
          : checked.code === 'invalid-end-time'
            ? { end: t.invalidTime }
            : { end: t.endNotAfterStart },
      );
      return;
    }
    setErrors({});
    const times = { dayOfWeek: Number(day), ...checked.value };
    setIsBusy(true);
    try {
      const check = await checkReschedule(appDb(), { ...target, ...times });
      if (!check.ok) toast.show(actionErrorMessage(check.code), 'error');
      else if (check.conflicts.length > 0) setPending(times);
      else await write(times);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <section className="consult-manage-section" aria-labelledby="consult-reschedule-title">
      <h4 id="consult-reschedule-title">{t.reschedule}</h4>
      <Form className="consult-reschedule" validationBehavior="aria" onSubmit={(e) => void submit(e)}>
        <SelectField
          label={t.day}
          value={day}
          onChange={setDay}
          options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ id: String(d), name: dayName(d) }))}
        />
        <TextField
          label={t.start}
          value={start}
          onChange={(v) => {
            setStart(v);
            setErrors({});
          }}
          errorMessage={errors.start}
          inputMode="numeric"
        />
        <TextField
          label={t.end}
          value={end}
          onChange={(v) => {
            setEnd(v);
            setErrors({});
          }}
          errorMessage={errors.end}
          inputMode="numeric"
        />
        <Button type="submit" className="button primary" isDisabled={isBusy}>
          {t.reschedule}
        </Button>
      </Form>
      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t.conflictTitle}
        message={t.conflict}
        confirmLabel={t.confirmReschedule}
        isDestructive={false}
        onConfirm={async () => {
          if (pending) await write(pending);
          setPending(null);
        }}
      />
    </section>
  );
}
