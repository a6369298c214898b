import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../../db/database';
import type { PlanningLog } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { planningLogsOfSlot } from '../../../services/planning';
import { deliveryLabel, shortDayName } from '../../../ui/timetable';

interface Props {
  timetableId: string;
  slotIndex: number;
}

const t = fr.planning.consult.manage;

function rangeText(range: PlanningLog['before']): string {
  return range ? `${shortDayName(range.dayOfWeek)} ${range.startTime}–${range.endTime}` : '';
}

function detailOf(log: PlanningLog): string {
  if (log.action === 'planning-reschedule') return t.logRange(rangeText(log.before), rangeText(log.after));
  if (log.action === 'planning-change-mode' && log.modeBefore && log.modeAfter) {
    return t.logRange(
      deliveryLabel({ deliveryMode: log.modeBefore }),
      deliveryLabel({ deliveryMode: log.modeAfter }),
    );
  }
  return log.note ?? '';
}

/** 'YYYY-MM-DDTHH:MM…' -> 'DD/MM/YYYY HH:MM' (UTC, as every date of the product). */
function stamp(timestamp: string): string {
  return `${timestamp.slice(8, 10)}/${timestamp.slice(5, 7)}/${timestamp.slice(0, 4)} ${timestamp.slice(11, 16)}`;
}

/** The change log of one slot, newest first (spec part 2 point 2, "Gérer un cours"). */
export function SlotLogList({ timetableId, slotIndex }: Props) {
  const logs = useLiveQuery(
    () => planningLogsOfSlot(appDb(), timetableId, slotIndex),
    [timetableId, slotIndex],
  );
  return (
    <section className="consult-manage-section" aria-labelledby="consult-log-title">
      <h4 id="consult-log-title">{t.log}</h4>
      {logs === undefined ? <p className="page-loading">{fr.app.loading}</p> : null}
      {logs?.length === 0 ? <p className="empty">{t.logEmpty}</p> : null}
      {logs && logs.length > 0 ? (
        <ol className="consult-log" aria-label={t.log}>
          {logs.map((log) => (
            <li key={log.id}>
              <span className="consult-log-time">{stamp(log.timestamp)}</span>{' '}
              <strong>{t.logActions[log.action]}</strong> {detailOf(log)}{' '}
              <span className="cell-sub">{t.logBy(log.actorUserName ?? t.logSystem)}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
