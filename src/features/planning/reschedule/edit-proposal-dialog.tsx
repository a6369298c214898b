import { useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../../db/database';
import type { RescheduleRequest } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { editReschedule } from '../../../services/reschedule/reschedule-service';
import { AppDialog } from '../../../ui/app-dialog';
import { useToast } from '../../../ui/toast';
import { rescheduleErrorMessage } from './messages';
import { DateTimeRangeFields, type DateTimeRange } from '../../../ui/date-time-range-fields';

const t = fr.planning.reschedule;

/** "Modifier la proposition" (spec part 2 point 2): date, start time and end time of a pending request. */
export function EditProposalDialog({
  request,
  onClose,
}: {
  request: RescheduleRequest;
  onClose: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const [slot, setSlot] = useState<DateTimeRange>({
    date: request.proposedDate,
    start: request.proposedStartTime,
    end: request.proposedEndTime,
  });
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const save = async () => {
    setIsBusy(true);
    try {
      const result = await editReschedule(appDb(), request.id, {
        proposedDate: slot.date,
        proposedStartTime: slot.start,
        proposedEndTime: slot.end,
      });
      if (!result.ok) {
        setError(rescheduleErrorMessage(result.code));
        return;
      }
      toast.show(t.saved);
      onClose();
    } catch {
      setError(t.failed);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <AppDialog isOpen onOpenChange={(open) => !open && onClose()} title={t.editTitle} size="small">
      <form
        className="reschedule-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <DateTimeRangeFields
          id={id}
          labels={{ date: t.date, start: t.start, end: t.end }}
          value={slot}
          onChange={setSlot}
        />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <Button className="button secondary" onPress={onClose}>
            {t.cancel}
          </Button>
          <Button className="button primary" type="submit" isDisabled={isBusy}>
            {t.save}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
