import { Button } from 'react-aria-components';
import type { RescheduleRequest } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { frenchDate } from './messages';
import type { RescheduleNames } from './use-reschedule-data';

const t = fr.planning.reschedule;

/** One request: proposed date and times, class, module, teacher, reason, status, Modifier / Valider. */
export function RescheduleRow({
  request,
  names,
  isBusy,
  onEdit,
  onValidate,
}: {
  request: RescheduleRequest;
  names: RescheduleNames;
  isBusy: boolean;
  onEdit: () => void;
  onValidate: () => void;
}) {
  const isPending = request.status === 'pending';
  const moduleName = names.modules.get(request.moduleId ?? '') ?? t.unknown;
  const className = names.classes.get(request.classId ?? '') ?? t.unknown;
  const teacherName = names.users.get(request.teacherUserId ?? '') ?? t.unknown;
  const what = `${moduleName}, ${className}, ${frenchDate(request.proposedDate)}`;
  return (
    <tr>
      <td className="reschedule-nowrap">{frenchDate(request.proposedDate)}</td>
      <td className="reschedule-nowrap">
        {request.proposedStartTime} – {request.proposedEndTime}
      </td>
      <td className="reschedule-nowrap">{className}</td>
      <td>{moduleName}</td>
      <td>{teacherName}</td>
      <td className="reschedule-reason">{request.reason || t.unknown}</td>
      <td>
        <span className={isPending ? 'pill blue' : 'pill green'}>{isPending ? t.pending : t.validated}</span>
      </td>
      <td>
        <div className="row-actions reschedule-actions">
          <Button
            className="button small secondary"
            aria-label={t.editOf(what)}
            isDisabled={!isPending}
            onPress={onEdit}
          >
            {t.edit}
          </Button>
          <Button
            className="button small primary"
            aria-label={t.validateOf(what)}
            isDisabled={!isPending || isBusy}
            onPress={onValidate}
          >
            {t.validate}
          </Button>
        </div>
      </td>
    </tr>
  );
}
