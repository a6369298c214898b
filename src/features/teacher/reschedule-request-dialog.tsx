import { useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../db/database';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import type { Proposal } from '../../domain/reschedule/requests';
import { fr } from '../../i18n/fr';
import {
  requestReschedule,
  type RequestRescheduleResult,
} from '../../services/reschedule/reschedule-service';
import { useSignedInSession } from '../../session/use-session';
import { AppDialog } from '../../ui/app-dialog';
import { useToast } from '../../ui/toast';
import { DateTimeRangeFields, type DateTimeRange } from '../../ui/date-time-range-fields';

const t = fr.teacher.request;

function errorMessage(code: Extract<RequestRescheduleResult, { ok: false }>['code']): string {
  switch (code) {
    case 'invalid-date':
      return t.invalidDate;
    case 'invalid-start-time':
    case 'invalid-end-time':
      return t.invalidTime;
    case 'end-not-after-start':
      return t.endNotAfterStart;
    case 'too-late':
      return fr.teacher.slot.tooLate;
    case 'started':
      return fr.teacher.slot.started;
    case 'already-requested':
      return t.alreadyRequested;
    case 'already-canceled':
      return t.alreadyCanceled;
    case 'slot-not-found':
    case 'invalid-slot':
    case 'timetable-not-found':
      return t.notFound;
  }
}

/**
 * "Demande de reprogrammation" (spec part 2 point 2 and 4), prefilled with the next occurrence and the
 * slot's times. Envoyer writes the pending request; the course stays planned until the administration
 * validates (issue 33).
 */
export function RescheduleRequestDialog({
  item,
  prefill,
  onClose,
  onBack,
}: {
  item: SlotDisplayItem;
  prefill: Proposal;
  onClose: () => void;
  onBack: () => void;
}) {
  const id = useId();
  const session = useSignedInSession();
  const toast = useToast();
  const [slot, setSlot] = useState<DateTimeRange>({
    date: prefill.proposedDate,
    start: prefill.proposedStartTime,
    end: prefill.proposedEndTime,
  });
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const send = async () => {
    if (!session) return;
    setIsBusy(true);
    try {
      const result = await requestReschedule(appDb(), {
        timetableId: item.timetableId,
        slotIndex: item.slotIndex,
        occurrenceDate: item.date,
        proposedDate: slot.date,
        proposedStartTime: slot.start,
        proposedEndTime: slot.end,
        reason,
        actor: { userId: session.user.id, userName: session.user.name },
        now: new Date(),
      });
      if (!result.ok) {
        setError(errorMessage(result.code));
        return;
      }
      toast.show(t.sent);
      onClose();
    } catch {
      setError(t.failed);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <AppDialog isOpen onOpenChange={(open) => !open && onClose()} title={t.title} size="small">
      <form
        className="reschedule-form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <p className="hint">
          {item.title} · {item.className}
        </p>
        <DateTimeRangeFields
          id={id}
          labels={{ date: t.date, start: t.start, end: t.end }}
          value={slot}
          onChange={setSlot}
        />
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t.reason}</label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            placeholder={t.reasonPlaceholder}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <p className="teacher-note">{t.note}</p>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <Button className="button secondary" onPress={onBack}>
            {t.cancel}
          </Button>
          <Button className="button primary" type="submit" isDisabled={isBusy}>
            {t.send}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
