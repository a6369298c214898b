import { useState } from 'react';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { planningPeriodOf } from '../../domain/planning/period-matching';
import { toIsoDate } from '../../domain/time/instant';
import { datesInRange, periodRange, type PeriodKind } from '../../domain/time/period';
import { fr } from '../../i18n/fr';
import { useSignedInSession } from '../../session/use-session';
import { DayList, SegmentedControl, TimetableView, useNow } from '../../ui/timetable';
import { PeriodNav } from './period-nav';
import { SlotDialog } from './slot-dialog';
import { useTeacherSlots } from './use-teacher-slots';
import './teacher.css';

const t = fr.teacher.planning;
type TeacherView = 'cards' | 'calendar';

/**
 * /teacher/planning "Mon planning" (spec part 2 point 2): the teacher's own courses by day, week or month;
 * cards, or a calendar for a week or a month. A course opens its dialog (check-in, check-out, request).
 */
export function TeacherPlanningPage() {
  const session = useSignedInSession();
  const now = useNow();
  const [kind, setKind] = useState<PeriodKind>('week');
  const [view, setView] = useState<TeacherView>('calendar');
  const [reference, setReference] = useState(() => toIsoDate(new Date()));
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const range = periodRange(kind, reference);
  const data = useTeacherSlots(session?.user.id ?? '', range, now);
  const selected = data?.items.find((item) => item.key === selectedKey) ?? null;
  const select = (item: SlotDisplayItem) => setSelectedKey(item.key);
  // spec: the calendar exists for a week or a month; a day is always shown as cards.
  const effectiveView: TeacherView = kind === 'day' ? 'cards' : view;
  return (
    <section aria-labelledby="teacher-planning-title" className="teacher-page">
      <h2 id="teacher-planning-title">{t.title}</h2>
      <div className="toolbar teacher-toolbar">
        <PeriodNav
          kind={kind}
          reference={reference}
          onKindChange={setKind}
          onReferenceChange={setReference}
        />
        <SegmentedControl
          label={t.views}
          value={effectiveView}
          onChange={setView}
          options={[
            { id: 'cards', label: t.cards },
            { id: 'calendar', label: t.calendar, isDisabled: kind === 'day' },
          ]}
        />
      </div>
      {data === undefined ? <p className="page-loading">{fr.app.loading}</p> : null}
      {data && data.items.length === 0 ? <p className="empty">{t.empty}</p> : null}
      {data && data.items.length > 0 ? (
        <>
          <p className="count-line" role="status">
            {t.courseCount(data.items.length)}
          </p>
          {kind === 'day' ? (
            <DayList dates={datesInRange(range)} items={data.items} now={now} onSlotPress={select} />
          ) : (
            <TimetableView
              view={effectiveView}
              period={planningPeriodOf(kind, reference)}
              items={data.items}
              now={now}
              onSlotPress={select}
              label={t.title}
            />
          )}
        </>
      ) : null}
      {selected && data ? (
        <SlotDialog
          item={selected}
          timetables={data.timetables}
          logs={data.logs}
          now={now}
          onClose={() => setSelectedKey(null)}
        />
      ) : null}
    </section>
  );
}
