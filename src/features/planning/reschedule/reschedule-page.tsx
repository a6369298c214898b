import { useState } from 'react';
import { appDb } from '../../../db/database';
import type { RescheduleRequest } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { isDateInTimetable } from '../../../domain/time/timetable-dates';
import { contractWarningTexts } from '../../../services/planning';
import { validateReschedule } from '../../../services/reschedule/reschedule-service';
import { useSignedInSession } from '../../../session/use-session';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useToast } from '../../../ui/toast';
import { EditProposalDialog } from './edit-proposal-dialog';
import { rescheduleErrorMessage } from './messages';
import { RescheduleTable } from './reschedule-table';
import { useRescheduleData } from './use-reschedule-data';
import './reschedule.css';

const t = fr.planning.reschedule;

/**
 * /planning/reprogrammation (spec part 2 points 2 and 4): teachers' requests, newest first, pending then
 * validated; Modifier edits the proposal, Valider moves the slot (after confirmation on a teacher conflict).
 */
export function ReschedulePage() {
  const session = useSignedInSession();
  const data = useRescheduleData();
  const toast = useToast();
  const [editing, setEditing] = useState<RescheduleRequest | null>(null);
  const [conflictFor, setConflictFor] = useState<RescheduleRequest | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const validate = async (request: RescheduleRequest, allowConflicts: boolean) => {
    if (!session) return;
    setBusyId(request.id);
    try {
      const result = await validateReschedule(appDb(), {
        requestId: request.id,
        approver: { userId: session.user.id, userName: session.user.name },
        now: new Date(),
        allowConflicts,
      });
      if (result.ok) {
        toast.show(t.validatedToast);
        // spec part 2 point 5: contract warnings of the moved course, shown and logged, never blocking.
        const moved = result.value.request;
        const target = (
          await appDb()
            .timetables.where('classId')
            .equals(moved.classId ?? '')
            .toArray()
        ).filter((tt) => isDateInTimetable(tt, moved.proposedDate));
        const warnings = await contractWarningTexts(appDb(), target, {
          teacherUserId: moved.teacherUserId ?? '',
          moduleId: moved.moduleId ?? '',
        });
        for (const warning of warnings) toast.show(warning, 'info', 6000);
      } else if (result.code === 'conflict') setConflictFor(request);
      else toast.show(rescheduleErrorMessage(result.code), 'error');
    } catch {
      toast.show(t.failed, 'error');
    } finally {
      setBusyId(null);
    }
  };

  const pending = data?.groups.pending ?? [];
  const validated = data?.groups.validated ?? [];
  return (
    <section aria-labelledby="reschedule-title">
      <div className="toolbar">
        <h2 id="reschedule-title" className="grow">
          {t.title}
        </h2>
        {data ? (
          <p className="count-line" role="status">
            {t.counts(pending.length, validated.length)}
          </p>
        ) : null}
      </div>
      {data === undefined ? <p className="page-loading">{fr.app.loading}</p> : null}
      {data && pending.length + validated.length === 0 ? <p className="empty">{t.empty}</p> : null}
      {data && pending.length > 0 ? (
        <RescheduleTable
          caption={t.groupPending(pending.length)}
          requests={pending}
          names={data.names}
          busyId={busyId}
          onEdit={setEditing}
          onValidate={(r) => void validate(r, false)}
        />
      ) : null}
      {data && validated.length > 0 ? (
        <RescheduleTable
          caption={t.groupValidated(validated.length)}
          requests={validated}
          names={data.names}
          busyId={busyId}
          onEdit={setEditing}
          onValidate={(r) => void validate(r, false)}
        />
      ) : null}
      {editing ? <EditProposalDialog request={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        isOpen={conflictFor !== null}
        onOpenChange={(open) => !open && setConflictFor(null)}
        title={t.conflictTitle}
        message={t.conflict}
        confirmLabel={t.confirmAnyway}
        cancelLabel={t.cancel}
        isDestructive={false}
        onConfirm={async () => {
          if (conflictFor) await validate(conflictFor, true);
        }}
      />
    </section>
  );
}
