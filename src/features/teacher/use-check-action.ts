import { useState } from 'react';
import { appDb } from '../../db/database';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { fr } from '../../i18n/fr';
import { checkIn, checkOut, checkRefusalMessage } from '../../services/attendance';
import { useSignedInSession } from '../../session/use-session';
import { useToast } from '../../ui/toast';

export type CheckKind = 'checkin' | 'checkout';

/**
 * Arrivée / Départ for the signed-in teacher through the attendance service (position, log and notification
 * in one transaction). spec part 2 point 8: the toast reads 'Arrivée' or 'Départ', then teacher, class, module.
 * Resolves true when the check was recorded.
 */
export function useCheckAction() {
  const session = useSignedInSession();
  const toast = useToast();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const run = async (kind: CheckKind, item: SlotDisplayItem): Promise<boolean> => {
    if (!session) return false;
    setBusyKey(`${kind}:${item.key}`);
    try {
      const request = {
        timetableId: item.timetableId,
        slotIndex: item.slotIndex,
        date: item.date,
        actor: { userId: session.user.id, userName: session.user.name },
      };
      const result = kind === 'checkin' ? await checkIn(appDb(), request) : await checkOut(appDb(), request);
      if (!result.ok) {
        toast.show(checkRefusalMessage(result.code), 'error');
        return false;
      }
      const label = kind === 'checkin' ? fr.teacher.slot.checkin : fr.teacher.slot.checkout;
      toast.show(fr.teacher.check.done(label, item.teacherName, item.className, item.moduleName));
      return true;
    } catch {
      toast.show(fr.teacher.check.failed, 'error');
      return false;
    } finally {
      setBusyKey(null);
    }
  };
  return { run, busyKey };
}
