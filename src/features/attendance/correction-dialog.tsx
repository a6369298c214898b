import { useState, type FormEvent } from 'react';
import { Button, Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { appDb } from '../../db/database';
import type { AttendanceRow } from '../../domain/attendance/overview';
import { needsReview, plannedWindowOn, type EffectiveLog } from '../../domain/attendance/trust';
import { parseClockTime } from '../../domain/time/instant';
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
  notice = null,
  doneToast,
}: {
  target: CorrectionTarget | null;
  actor: Actor;
  onClose: () => void;
  /** A day of a closed month: where the correction will count (features/closing, issue 32). */
  notice?: string | null;
  /** The toast once saved, when not the usual one (an adjustment of another month). */
  doneToast?: string;
}) {
  return (
    <AppDialog isOpen={target !== null} onOpenChange={(open) => !open && onClose()} title={t.correctTitle}>
      {target && notice ? (
        <p className="month-closing-notice" role="note">
          {notice}
        </p>
      ) : null}
      {target ? (
        <CorrectionForm
          key={`${target.row.timetable.id}/${target.row.slotIndex}/${target.row.date}`}
          target={target}
          actor={actor}
          onClose={onClose}
          doneToast={doneToast ?? t.correctedToast}
        />
      ) : null}
    </AppDialog>
  );
}

function CorrectionForm({
  target,
  actor,
  onClose,
  doneToast,
}: {
  target: CorrectionTarget;
  actor: Actor;
  onClose: () => void;
  doneToast: string;
}) {
  const toast = useToast();
  const logOf = (w: Which): EffectiveLog | null =>
    w === 'checkin' ? target.row.checkin : target.row.checkout;
  const { row } = target;
  // A missing check-in or check-out is recorded at the planned start or end by default (issue 32).
  const defaultTime = (w: Which) => {
    const chosen = logOf(w);
    return chosen ? clock(chosen.timestamp) : w === 'checkin' ? row.slot.startTime : row.slot.endTime;
  };
  const first: Which = row.checkin || !row.checkout ? 'checkin' : 'checkout';
  const [which, setWhich] = useState<Which>(first);
  const [time, setTime] = useState(() => defaultTime(first));
  const [reason, setReason] = useState('');
  const [justification, setJustification] = useState('');
  const [error, setError] = useState<{ time?: string; reason?: string; justification?: string }>({});
  const [busy, setBusy] = useState(false);

  const log = logOf(which);
  const minutes = parseClockTime(time.trim());
  const window = plannedWindowOn(`${row.date}T00:00:00.000Z`, row.slot);
  const atMs = minutes === null ? null : Date.parse(`${row.date}T00:00:00.000Z`) + minutes * 60_000;
  const outside = atMs !== null && window !== null && (atMs < window.start || atMs > window.end);
  const targetOf = (w: Which) =>
    logOf(w) ?? {
      record: w === 'checkin' ? ('planning-checkin' as const) : ('planning-checkout' as const),
      timetableId: row.timetable.id,
      slotIndex: row.slotIndex,
      date: row.date,
      teacherUserId: row.slot.teacherUserId,
    };
  const send = async (request: { time: string; reason: string; justification?: string }, done: string) => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await correctCheckTime(appDb(), { target: targetOf(which), ...request, actor });
      if (result.ok) {
        toast.show(done);
        onClose();
        return;
      }
      const message = t.correctionRefusals[result.code];
      setError(
        result.code === 'reason-required'
          ? { reason: message }
          : result.code === 'justification-required'
            ? { justification: message }
            : { time: message },
      );
    } finally {
      setBusy(false);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await send({ time: time.trim(), reason, ...(outside ? { justification } : {}) }, doneToast);
  };
  // "Accepter": a flagged entry nobody reviewed, accepted at its own time (a correction to the same time).
  const acceptable = log && needsReview(log) ? log : null;

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
          setTime(defaultTime(w));
          setError({});
        }}
      >
        <Label>{t.correctWhich}</Label>
        <div className="contracts-radios">
          {(['checkin', 'checkout'] as const).map((w) => {
            const chosen = logOf(w);
            return (
              <Radio key={w} value={w} className="checkbox">
                <span className="checkbox-box" aria-hidden="true" />
                {w === 'checkin' ? t.arrival : t.departure}
                {chosen
                  ? ` (${t.recorded(clock(chosen.originalTimestamp ?? chosen.timestamp))})`
                  : ` (${t.recordMissing(w === 'checkin' ? row.slot.startTime : row.slot.endTime)})`}
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
      {outside ? (
        <TextField
          label={t.justification}
          value={justification}
          onChange={(value) => {
            setJustification(value);
            setError({});
          }}
          errorMessage={error.justification ?? null}
          placeholder={t.justificationPlaceholder}
          maxLength={500}
        />
      ) : null}
      <div className="dialog-actions">
        <Button className="button secondary" onPress={onClose}>
          {t.cancel}
        </Button>
        {acceptable ? (
          <Button
            className="button secondary"
            isDisabled={busy}
            aria-label={t.acceptLabel(target.what)}
            onPress={() =>
              void send(
                {
                  time: clock(acceptable.originalTimestamp ?? acceptable.timestamp),
                  reason: t.acceptedReason,
                },
                t.acceptedToast,
              )
            }
          >
            {t.accept}
          </Button>
        ) : null}
        <Button className="button primary" type="submit" isDisabled={busy}>
          {t.correctSave}
        </Button>
      </div>
    </Form>
  );
}
