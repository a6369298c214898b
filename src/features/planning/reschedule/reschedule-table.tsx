import type { RescheduleRequest } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { RescheduleRow } from './reschedule-row';
import type { RescheduleNames } from './use-reschedule-data';

const t = fr.planning.reschedule;

/** One group of requests (pending, or validated) under its caption with its count. */
export function RescheduleTable({
  caption,
  requests,
  names,
  busyId,
  onEdit,
  onValidate,
}: {
  caption: string;
  requests: readonly RescheduleRequest[];
  names: RescheduleNames;
  busyId: string | null;
  onEdit: (request: RescheduleRequest) => void;
  onValidate: (request: RescheduleRequest) => void;
}) {
  return (
    <div className="table-scroll reschedule-group">
      <table className="data">
        <caption className="reschedule-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.colDate}</th>
            <th scope="col">{t.colTime}</th>
            <th scope="col">{t.colClass}</th>
            <th scope="col">{t.colModule}</th>
            <th scope="col">{t.colTeacher}</th>
            <th scope="col">{t.colReason}</th>
            <th scope="col">{t.colStatus}</th>
            <th scope="col">{t.colActions}</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <RescheduleRow
              key={request.id}
              request={request}
              names={names}
              isBusy={busyId === request.id}
              onEdit={() => onEdit(request)}
              onValidate={() => onValidate(request)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
