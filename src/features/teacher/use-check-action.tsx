import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../db/database';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { fr } from '../../i18n/fr';
import { checkIn, checkOut, checkRefusalMessage } from '../../services/attendance';
import { useSignedInSession } from '../../session/use-session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast';

export type CheckKind = 'checkin' | 'checkout';

/** After Partir, the Départ is written this long later unless undone (issue 32: "a short undo"). */
export const CHECKOUT_UNDO_MS = 5_000;

const t = fr.teacher.check;

interface Pending {
  item: SlotDisplayItem;
  resolve: (recorded: boolean) => void;
}

/**
 * Arrivée / Départ for the signed-in teacher through the attendance service (position, log and notification
 * in one transaction). spec part 2 point 8: the toast reads 'Arrivée' or 'Départ', then teacher, class, module.
 * Beyond the spec (issue 32): Départ first asks "Le cours se termine à 15:00 : partir maintenant ?", then is
 * written CHECKOUT_UNDO_MS later unless "Annuler le départ" is tapped. Resolves true when the check was
 * recorded. Render `prompt` where the buttons are.
 */
export function useCheckAction() {
  const session = useSignedInSession();
  const toast = useToast();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [asking, setAsking] = useState<Pending | null>(null);
  const [waiting, setWaiting] = useState<(Pending & { secondsLeft: number }) | null>(null);
  // The question still open (the dialog also closes after Partir: onOpenChange(false) must not cancel).
  const open = useRef<Pending | null>(null);

  const record = async (kind: CheckKind, item: SlotDisplayItem): Promise<boolean> => {
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
      toast.show(t.done(label, item.teacherName, item.className, item.moduleName));
      return true;
    } catch {
      toast.show(t.failed, 'error');
      return false;
    } finally {
      setBusyKey(null);
    }
  };

  // The countdown of the undo, a second at a time; the Départ is written when it ends.
  useEffect(() => {
    if (!waiting) return undefined;
    const handle = setTimeout(() => {
      if (waiting.secondsLeft > 1) {
        setWaiting({ ...waiting, secondsLeft: waiting.secondsLeft - 1 });
        return;
      }
      setWaiting(null);
      void record('checkout', waiting.item).then(waiting.resolve);
    }, 1_000);
    return () => clearTimeout(handle);
    // record is recreated each render; the countdown follows `waiting` only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting]);

  const run = (kind: CheckKind, item: SlotDisplayItem): Promise<boolean> => {
    if (kind === 'checkin') return record(kind, item);
    if (open.current || waiting) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      open.current = { item, resolve };
      setAsking(open.current);
    });
  };

  const leave = () => {
    const pending = open.current;
    if (!pending) return;
    open.current = null;
    setWaiting({ ...pending, secondsLeft: CHECKOUT_UNDO_MS / 1_000 });
    setAsking(null);
  };
  const stay = () => {
    const pending = open.current;
    if (!pending) return;
    open.current = null;
    pending.resolve(false);
    setAsking(null);
  };
  const undo = () => {
    if (!waiting) return;
    waiting.resolve(false);
    setWaiting(null);
    toast.show(t.undone, 'info');
  };

  const prompt = (
    <>
      <ConfirmDialog
        isOpen={asking !== null}
        onOpenChange={(open) => {
          if (!open) stay();
        }}
        title={t.confirmTitle}
        message={asking ? t.confirmCheckout(asking.item.endTime) : ''}
        confirmLabel={t.confirmLeave}
        cancelLabel={t.confirmStay}
        isDestructive={false}
        onConfirm={leave}
      />
      {waiting ? (
        <p className="form-success teacher-check-undo" role="status">
          {t.undoPending(waiting.secondsLeft)}{' '}
          <Button className="button secondary small" onPress={undo}>
            {t.undo}
          </Button>
        </p>
      ) : null}
    </>
  );
  return { run, busyKey: waiting ? `checkout:${waiting.item.key}` : busyKey, prompt };
}
