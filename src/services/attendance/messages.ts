import { fr } from '../../i18n/fr';
import type { CheckRefusal } from './check';

/** The French message of a refused check-in or check-out (spec part 2 point 8 for a finished course). */
export function checkRefusalMessage(code: CheckRefusal): string {
  return fr.attendance.refusals[code];
}
