import { useState, type FormEvent } from 'react';
import { Button, Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { appDb } from '../../db/database';
import type { AttendanceRow } from '../../domain/attendance/overview';
import type { EffectiveLog } from '../../domain/attendance/trust';
import type { Actor } from '../../domain/planning/planning-log';
import { fr } from '../../i18n/fr';
import { correctCheckTime } from '../../services/attendance';
import { AppDialog } from '../../ui/app-dialog';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import { TrustFlagPills } from './location-flags';

const t = fr.attendance;

export interface CorrectionTarget {
  row: AttendanceRow;
  what: string;
}

type Which = 'checkin' | 'checkout';

const clock = (iso: string) => iso.slice(11, 16);

/**
 * "Corriger un horaire" (beyond the spec): a reviewer picks the arrival or the departure, types the corrected
 * time and a reason; the original stays recorded and the row then shows "corrigé".
 */
export function CorrectionDialog({
  target,
  actor,
  onClose,
}: {
  target: CorrectionTarget | null;
  actor: Actor;
  onClose: () => void;
}) {
  return (
    <AppDialog isOpen={target !== null} onOpenChange={(open) => !open && onClose()} title={t.correctTitle}>
      {target ? (
        <CorrectionForm
          key={`${target.row.timetable.id}/${target.row.slotIndex}/${target.row.date}`}
          target={target}
          actor={actor}
          onClose={onClose}
        />
      ) : null}
    </AppDialog>
  );
}

function CorrectionForm({
  target,
  actor,
  onClose,
}: {
  target: CorrectionTarget;
  actor: Actor;
  onClose: () => void;
}) {
  const toast = useToast();
  const logOf = (w: Which): EffectiveLog | null =>
    w === 'checkin' ? target.row.checkin : target.row.checkout;
  const [which, setWhich] = useState<Which>('checkin');
  const [time, setTime] = useState(() => (target.row.checkin ? clock(target.row.checkin.timestamp) : ''));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ time?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);

  const log = logOf(which);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!log || busy) return;
    setBusy(true);
    try {
      const result = await correctCheckTime(appDb(), { target: log, time: time.trim(), reason, actor });
      if (result.ok) {
        toast.show(t.correctedToast);
        onClose();
        return;
      }
      const message = t.correctionRefusals[result.code];
      setError(result.code === 'reason-required' ? { reason: message } : { time: message });
    } finally {
      setBusy(false);
    }
  };

  return (
    // aria validation: a field shown invalid must not block the next submission (native validity would).
    <Form onSubmit={(e) => void submit(e)} className="attendance-correction" validationBehavior="aria">
      <p className="count-line">
        {target.what} <TrustFlagPills checkin={target.row.checkin} checkout={target.row.checkout} />
      </p>
      <RadioGroup
        className="field"
        orientation="horizontal"
        value={which}
        onChange={(next) => {
          const w = next === 'checkout' ? 'checkout' : 'checkin';
          setWhich(w);
          const chosen = logOf(w);
          setTime(chosen ? clock(chosen.timestamp) : '');
          setError({});
        }}
      >
        <Label>{t.correctWhich}</Label>
        <div className="contracts-radios">
          {(['checkin', 'checkout'] as const).map((w) => {
            const chosen = logOf(w);
            return (
              <Radio key={w} value={w} className="checkbox" isDisabled={!chosen}>
                <span className="checkbox-box" aria-hidden="true" />
                {w === 'checkin' ? t.arrival : t.departure}
                {chosen ? ` (${t.recorded(clock(chosen.originalTimestamp ?? chosen.timestamp))})` : ''}
              </Radio>
            );
          })}
        </div>
      </RadioGroup>
      <TextField
        label={t.correctTime}
        value={time}
        onChange={(value) => {
          setTime(value);
          setError({});
        }}
        errorMessage={error.time ?? null}
        inputMode="numeric"
        maxLength={5}
      />
      <TextField
        label={t.correctReason}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError({});
        }}
        errorMessage={error.reason ?? null}
        placeholder={t.correctReasonPlaceholder}
        maxLength={500}
      />
      <div className="dialog-actions">
        <Button className="button secondary" onPress={onClose}>
          {t.cancel}
        </Button>
        <Button className="button primary" type="submit" isDisabled={busy || !log}>
          {t.correctSave}
        </Button>
      </div>
    </Form>
  );
}
