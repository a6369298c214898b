import { frUnassigned } from '../../../i18n/fr-unassigned';
import { useDeferredValue, useMemo, useState } from 'react';
import {
  hasPlanningActions,
  allowedSlotActions,
  isSlotVisibleTo,
} from '../../../domain/planning/permissions';
import { slotOccurrences } from '../../../domain/planning/occurrences';
import {
  planningPeriodOf,
  planningPeriodRange,
  type PlanningPeriod,
} from '../../../domain/planning/period-matching';
import { buildSlotDisplayItems, type SlotDisplayItem } from '../../../domain/planning/slot-display';
import { isInRange } from '../../../domain/time/period';
import { fr } from '../../../i18n/fr';
import { useSignedInSession } from '../../../session/use-session';
import { TimetableLegend, TimetableView, useNow } from '../../../ui/timetable';
import { applyFilters, groupItems, optionsOf } from './consult-model';
import { BulkAssignButton } from './bulk-assign-button';
import { ConsultGroups } from './consult-groups';
import './consult.css';
import { ConsultToolbar, type ConsultSettings } from './consult-toolbar';
import { ManageSlotDialog } from './manage-slot-dialog';
import { useConsultData } from './use-consult-data';
import { periodLabel } from './period-label';
import { periodDates } from '../../../domain/planning/bulk-assign';
import { givenOccurrences } from '../../../domain/planning/given-occurrences';
import { frSubstitute } from '../../../i18n/fr-substitute';
import {
  markSubstitution,
  substitutionsByItemKey,
  type SubstitutionWords,
} from '../../../domain/planning/slot-substitution';

/** Consulter names the absent teacher in the subtitle of a course a substitute gives (issue 35). */
const substitutionWords: SubstitutionWords = {
  substituteTitle: frSubstitute.substituteTitle,
  substituteFor: frSubstitute.substituteFor,
  replacedBy: frSubstitute.replacedBy,
  unknownName: '—',
};

interface Selection {
  timetableId: string;
  slotIndex: number;
  date: string;
}

/**
 * /planning/consulter (spec part 2 point 2): timetables of a week or month grouped by class, by teacher or
 * globally, as a table, cards or calendar; a slot opens "Gérer un cours". Without planning.consulter.actions
 * a teacher sees only their own non-canceled slots (spec part 2 point 6).
 */
export function ConsultPage() {
  const t = fr.planning.consult;
  const session = useSignedInSession();
  const now = useNow();
  const [settings, setSettings] = useState<ConsultSettings>(() => ({
    grouping: 'class',
    view: 'calendar',
    period: planningPeriodOf('week', new Date()),
    filters: { teacherUserId: '', moduleId: '' },
    colorBy: 'module',
  }));
  const [selection, setSelection] = useState<Selection | null>(null);
  // Deferred: the screen is drawn in a transition, which React splits into short tasks (the toolbar's
  // controls, the period's occurrences and the timetables do not block a phone in one long task).
  const data = useDeferredValue(useConsultData(settings.period));
  const viewer = useMemo(
    () => ({
      currentUserId: session?.user.id ?? null,
      hasPlanningActions: hasPlanningActions(session?.granted ?? []),
    }),
    [session?.user.id, session?.granted],
  );
  const display = useMemo(() => {
    const range = planningPeriodRange(settings.period);
    if (!data || !range) return null;
    // Issue 35: each course as it is given (the substitute as its teacher, or cancelled without one).
    const given = givenOccurrences(
      slotOccurrences(data.timetables, range, { includeCanceled: true }),
      data.substitutions,
    ).filter((g) => isSlotVisibleTo(g.occurrence.slot, viewer));
    const occurrences = given.map((g) => g.occurrence);
    const marks = substitutionsByItemKey(
      given.map((g) => ({
        occurrence: g.occurrence,
        substitution:
          g.absentUserId === null ? null : { kind: 'substitute' as const, otherUserId: g.absentUserId },
      })),
    );
    const names = {
      classes: data.refs.classNames,
      modules: data.refs.moduleNames,
      teachers: data.refs.userNames,
      unknown: '—',
      unassigned: frUnassigned.teacher,
    };
    const built = buildSlotDisplayItems({
      occurrences,
      names,
      logs: data.logs,
      now,
      colorBy: settings.colorBy,
    });
    return {
      ...built,
      items: built.items.map((item) =>
        markSubstitution(item, marks.get(item.key), data.refs.userNames, substitutionWords),
      ),
    };
  }, [data, settings.period, settings.colorBy, viewer, now]);

  if (!session || !data || !display) return <p className="page-loading">{fr.app.loading}</p>;

  const filtered = applyFilters(display.items, settings.filters, settings.grouping);
  const groups = groupItems(filtered, settings.grouping, t.allSlots);
  const selected = findSelected(display.items, selection);
  const selectedTimetable = selected
    ? data.timetables.find((tt) => tt.id === selected.timetableId)
    : undefined;
  const selectedSlot = selectedTimetable?.slots[selected?.slotIndex ?? -1];
  const actions = selectedSlot ? allowedSlotActions(selectedSlot, viewer) : [];

  const changePeriodKind = (kind: PlanningPeriod['kind']) => {
    const range = planningPeriodRange(settings.period);
    const reference = range && isInRange(now, range) ? now : (range?.start ?? now);
    setSettings({ ...settings, period: planningPeriodOf(kind, reference) });
  };
  const open = (item: SlotDisplayItem) =>
    setSelection({ timetableId: item.timetableId, slotIndex: item.slotIndex, date: item.date });

  return (
    <section aria-labelledby="consult-title" className="consult-page">
      <div className="consult-head">
        <h2 id="consult-title">{t.title}</h2>
        {/* Issue 30 item 5: the courses imported without a teacher, staffed in bulk. */}
        <BulkAssignButton
          range={periodDates(settings.period)}
          periodLabel={periodLabel(settings.period)}
          actor={{ userId: session.user.id, granted: session.granted }}
        />
      </div>
      <ConsultToolbar
        settings={settings}
        onChange={setSettings}
        onPeriodKindChange={changePeriodKind}
        teachers={optionsOf(
          // A course "À affecter" has no teacher to filter on (its empty id is "all teachers").
          display.items.filter((i) => i.teacherUserId !== ''),
          (i) => i.teacherUserId,
          (i) => i.teacherName,
        )}
        modules={optionsOf(
          display.items,
          (i) => i.moduleId,
          (i) => i.moduleName,
        )}
        classes={optionsOf(
          display.items,
          (i) => i.classId,
          (i) => i.className,
        )}
      />
      {groups.length === 0 ? (
        <p className="empty">{t.empty}</p>
      ) : (
        <>
          <TimetableLegend title={fr.planning.timetable.legend} entries={display.legend} />
          <ConsultGroups
            groups={groups}
            keyOf={(group) => group.key}
            render={(group) => (
              <section
                key={group.key}
                className="consult-group"
                aria-labelledby={`consult-group-${group.key}`}
              >
                <h3 id={`consult-group-${group.key}`} className="consult-group-title">
                  {group.label} <span className="cell-sub">{t.slotCount(group.items.length)}</span>
                </h3>
                <TimetableView
                  view={settings.view}
                  period={settings.period}
                  items={group.items}
                  now={now}
                  onSlotPress={open}
                  label={group.label}
                />
              </section>
            )}
          />
        </>
      )}
      {selected && selectedTimetable && actions.length > 0 ? (
        <ManageSlotDialog
          item={selected}
          timetable={selectedTimetable}
          logs={data.logs}
          actions={actions}
          actor={{ userId: session.user.id, userName: session.user.name }}
          now={now}
          onClose={() => setSelection(null)}
        />
      ) : null}
    </section>
  );
}

/** The selected occurrence, or after a reschedule moved it to another day, the slot's first occurrence. */
function findSelected(
  items: readonly SlotDisplayItem[],
  selection: Selection | null,
): SlotDisplayItem | null {
  if (!selection) return null;
  const ofSlot = items.filter(
    (i) => i.timetableId === selection.timetableId && i.slotIndex === selection.slotIndex,
  );
  return ofSlot.find((i) => i.date === selection.date) ?? ofSlot[0] ?? null;
}
