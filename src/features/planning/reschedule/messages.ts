import type { ValidateRescheduleResult } from '../../../services/reschedule/reschedule-service';
import { fr } from '../../../i18n/fr';

type Code = Extract<ValidateRescheduleResult, { ok: false }>['code'] | 'not-pending' | 'request-not-found';

/** The French text of a refused edit or validation. */
export function rescheduleErrorMessage(code: Code): string {
  const t = fr.planning.reschedule;
  switch (code) {
    case 'invalid-date':
      return t.invalidDate;
    case 'invalid-start-time':
    case 'invalid-end-time':
      return t.invalidTime;
    case 'end-not-after-start':
      return t.endNotAfterStart;
    case 'not-pending':
      return t.notPending;
    case 'timetable-not-found':
    case 'slot-not-found':
    case 'request-not-found':
      return t.notFound;
    case 'conflict':
      return t.conflict;
  }
}

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY'. */
export function frenchDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return year && month && day ? `${day}/${month}/${year}` : isoDate;
}
