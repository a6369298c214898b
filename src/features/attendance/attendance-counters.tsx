import type { AttendanceCounters as Counters } from '../../domain/attendance/overview';
import type { AttendanceStatus } from '../../domain/attendance/status';
import { fr } from '../../i18n/fr';

const t = fr.attendance;
const ORDER: readonly AttendanceStatus[] = ['not-started', 'late', 'in-progress', 'finished', 'missed'];

/**
 * The four counters Non démarré / En retard / En cours / Terminé (spec part 2 point 2), and Non émargé (issue
 * 32: a course that ended without a check-in).
 */
export function AttendanceCounters({ counters }: { counters: Counters }) {
  return (
    <ul className="attendance-counters" aria-label={t.counters}>
      {ORDER.map((status) => (
        <li key={status} className={`attendance-counter ${status}`}>
          <span className="attendance-counter-value">{counters[status]}</span>
          <span className="attendance-counter-label">{t.status[status]}</span>
        </li>
      ))}
    </ul>
  );
}
