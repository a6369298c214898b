import { useId, useState } from 'react';
import { Button, Checkbox } from 'react-aria-components';
import { appDb } from '../../db/database';
import { affectedCourses } from '../../domain/absences/affected-courses';
import type { AbsenceError } from '../../domain/absences/records';
import { frAbsences } from '../../i18n/fr-absences';
import { saveAbsence } from '../../services/absences/absences';
import { AppDialog } from '../../ui/app-dialog';
import { TextField } from '../../ui/text-field';

const t = frAbsences.declare;

interface Props {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  userId: string;
  /** 'YYYY-MM-DD' proposed (today). */
  today: string;
  now: Date;
}

/** A teacher declares her absence from her space (issue 35): a day or a range, a reason; then her courses. */
export function DeclareAbsenceDialog({ isOpen, onOpenChange, userId, today, now }: Props) {
  return (
    <AppDialog isOpen={isOpen} onOpenChange={onOpenChange} title={t.title} size="small">
      <DeclareAbsenceForm userId={userId} today={today} now={now} />
    </AppDialog>
  );
}

function DeclareAbsenceForm({ userId, today, now }: Omit<Props, 'isOpen' | 'onOpenChange'>) {
  const id = useId();
  const [date, setDate] = useState(today);
  const [isWholeDay, setIsWholeDay] = useState(true);
  const [start, setStart] = useState('08:00');
  const [end, setEnd] = useState('12:00');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<AbsenceError | null>(null);
  const [courses, setCourses] = useState<string[] | null>(null);

  const submit = async () => {
    const db = appDb();
    const result = await saveAbsence(db, {
      teacherUserId: userId,
      date,
      startTime: isWholeDay ? null : start,
      endTime: isWholeDay ? null : end,
      reason,
      actorUserId: userId,
      now,
    });
    if (!result.ok) {
      setError(result.code);
      return;
    }
    setError(null);
    const [timetables, modules] = await Promise.all([db.timetables.toArray(), db.courseModules.toArray()]);
    const names = new Map(modules.map((m) => [m.id, m.name]));
    setCourses(
      affectedCourses(result.value, timetables).map(
        (o) => `${o.slot.startTime}–${o.slot.endTime} · ${names.get(o.slot.moduleId) ?? ''}`,
      ),
    );
  };

  if (courses !== null)
    return (
      <>
        <p className="form-success" role="status">
          {t.saved}
        </p>
        <p>{t.affected(courses.length)}</p>
        <ul aria-label={t.affected(courses.length)}>
          {courses.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="dialog-actions">
          <Button className="button" slot="close">
            {t.close}
          </Button>
        </div>
      </>
    );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-date`}>{t.date}</label>
        <input
          id={`${id}-date`}
          type="date"
          required
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
      </div>
      <Checkbox className="checkbox" isSelected={isWholeDay} onChange={setIsWholeDay}>
        {t.wholeDay}
      </Checkbox>
      {isWholeDay ? null : (
        <div className="reschedule-times">
          <div className="field">
            <label htmlFor={`${id}-start`}>{t.start}</label>
            <input
              id={`${id}-start`}
              type="time"
              required
              value={start}
              onChange={(e) => setStart(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-end`}>{t.end}</label>
            <input
              id={`${id}-end`}
              type="time"
              required
              value={end}
              onChange={(e) => setEnd(e.target.value)}
            />
          </div>
        </div>
      )}
      <TextField label={t.reason} value={reason} onChange={setReason} maxLength={500} />
      {error ? (
        <p className="form-error" role="alert">
          {t.errors[error]}
        </p>
      ) : null}
      <div className="dialog-actions">
        <Button className="button secondary" slot="close">
          {t.cancel}
        </Button>
        <Button className="button primary" type="submit">
          {t.save}
        </Button>
      </div>
    </form>
  );
}
