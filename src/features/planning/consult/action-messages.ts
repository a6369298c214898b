import { fr } from '../../../i18n/fr';
import type { SlotActionError } from '../../../services/planning';

/** The French message of a refused slot action. */
export function actionErrorMessage(code: SlotActionError): string {
  const t = fr.planning.consult.manage;
  switch (code) {
    case 'already-canceled':
      return t.alreadyCanceled;
    case 'slot-not-found':
    case 'timetable-not-found':
      return t.notFound;
    case 'invalid-start-time':
    case 'invalid-end-time':
      return t.invalidTime;
    case 'end-not-after-start':
      return t.endNotAfterStart;
    default:
      return t.failed;
  }
}
