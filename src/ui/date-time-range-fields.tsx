/** A day and a start and end time (a course's new slot, a rescheduling): three required native fields. */
export interface DateTimeRange {
  date: string;
  start: string;
  end: string;
}

interface Props {
  /** Prefix of the inputs' ids (useId() of the form). */
  id: string;
  labels: { date: string; start: string; end: string };
  value: DateTimeRange;
  onChange: (next: DateTimeRange) => void;
}

export function DateTimeRangeFields({ id, labels, value, onChange }: Props) {
  const field = (key: keyof DateTimeRange, type: 'date' | 'time') => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{labels[key]}</label>
      <input
        id={`${id}-${key}`}
        type={type}
        required
        value={value[key]}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      />
    </div>
  );
  return (
    <>
      {field('date', 'date')}
      <div className="reschedule-times">
        {field('start', 'time')}
        {field('end', 'time')}
      </div>
    </>
  );
}
