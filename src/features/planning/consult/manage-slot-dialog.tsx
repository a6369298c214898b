import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../../db/database';
import type { Actor } from '../../../domain/planning/planning-log';
import type { SlotAction } from '../../../domain/planning/permissions';
import type { SlotDisplayItem } from '../../../domain/planning/slot-display';
import type { PlanningLog, Timetable } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { cancelTimetableSlot, changeSlotDeliveryMode } from '../../../services/planning';
import { AppDialog } from '../../../ui/app-dialog';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { dayWithDate, deliveryLabel, slotStatusLabel, timeRangeLabel } from '../../../ui/timetable';
import { useToast } from '../../../ui/toast';
import { actionErrorMessage } from './action-messages';
import { RescheduleForm } from './reschedule-form';
import { SlotCheckButtons } from './slot-check-buttons';
import { SlotLogList } from './slot-log-list';
import { useClosedSlotMonth } from '../../closing/use-closed-slot';
import { frClosing } from '../../../i18n/fr-closing';
import '../../closing/month-closing.css';

interface Props {
  item: SlotDisplayItem;
  timetable: Timetable;
  logs: readonly PlanningLog[];
  actions: readonly SlotAction[];
  actor: Actor;
  now: Date;
  onClose: () => void;
}

/**
 * "Gérer un cours" (spec part 2 points 2, 4, 5): reschedule, cancel, change type, check-in/out and the slot's
 * change log. `actions` comes from the domain's allowedSlotActions: a teacher without
 * planning.consulter.actions only gets check-in and check-out.
 */
export function ManageSlotDialog({ item, timetable, logs, actions, actor, now, onClose }: Props) {
  const t = fr.planning.consult.manage;
  const toast = useToast();
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  const target = { timetableId: item.timetableId, slotIndex: item.slotIndex, actor };
  // A slot of a closed month is read-only except its attendance (issue 32, features/closing).
  const closedMonth = useClosedSlotMonth(timetable, timetable.slots[item.slotIndex]?.dayOfWeek ?? 0);
  const can = (action: SlotAction) => actions.includes(action) && (!closedMonth || action === 'checkin');
  const toggleMode = async () => {
    const result = await changeSlotDeliveryMode(appDb(), target);
    toast.show(result.ok ? t.typeChanged : actionErrorMessage(result.code), result.ok ? 'success' : 'error');
  };
  const cancel = async () => {
    const result = await cancelTimetableSlot(appDb(), target);
    toast.show(result.ok ? t.canceled : actionErrorMessage(result.code), result.ok ? 'success' : 'error');
  };
  return (
    <AppDialog isOpen onOpenChange={(open) => !open && onClose()} title={t.title} size="large">
      <div className="consult-manage-summary" data-canceled={item.canceled || undefined}>
        <p className="consult-manage-title">{item.title}</p>
        <p>{item.subtitle}</p>
        <p>{t.when(dayWithDate(item.date), timeRangeLabel(item))}</p>
        <p>
          <span className="tt-badge tt-status" data-status={item.status ?? 'canceled'}>
            {slotStatusLabel(item)}
          </span>{' '}
          <span className={`tt-badge tt-mode tt-mode-${item.deliveryMode}`}>{deliveryLabel(item)}</span>
        </p>
      </div>
      {closedMonth ? (
        <p className="month-closing-notice" role="note">
          {frClosing.disabledReason(closedMonth)}
        </p>
      ) : null}
      <div className="consult-manage-actions">
        {can('checkin') ? (
          <SlotCheckButtons item={item} timetable={timetable} logs={logs} actor={actor} now={now} />
        ) : null}
        {can('change-mode') ? (
          <Button className="button secondary" onPress={() => void toggleMode()}>
            {item.deliveryMode === 'en-ligne' ? t.toPresentiel : t.toOnline}
          </Button>
        ) : null}
        {can('cancel') ? (
          <Button className="button danger" isDisabled={item.canceled} onPress={() => setIsCancelOpen(true)}>
            {t.cancelCourse}
          </Button>
        ) : null}
      </div>
      {can('reschedule') ? <RescheduleForm key={item.key} item={item} actor={actor} /> : null}
      <SlotLogList timetableId={item.timetableId} slotIndex={item.slotIndex} />
      <div className="dialog-actions">
        <Button className="button secondary" slot="close">
          {fr.planning.consult.close}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isCancelOpen}
        onOpenChange={setIsCancelOpen}
        title={t.cancelTitle}
        message={t.cancelConfirm(item.title)}
        confirmLabel={t.cancelCourse}
        cancelLabel={t.keepCourse}
        onConfirm={cancel}
      />
    </AppDialog>
  );
}
