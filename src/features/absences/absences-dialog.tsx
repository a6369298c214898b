import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../db/database';
import { frenchDate } from '../../domain/time/french-date';
import { frAbsences } from '../../i18n/fr-absences';
import { frSubstitutionChanges } from '../../i18n/fr-substitution-changes';
import {
  absenceOverview,
  removeSubstitution,
  saveSubstitution,
  type AbsenceOverview,
  type AffectedCourse,
} from '../../services/absences/absences';
import { substitutionContractWarnings } from '../../services/absences/substitution-warnings';
import { AppDialog } from '../../ui/app-dialog';
import { useToast } from '../../ui/toast';
import { reasonText } from './proposal-reasons';

const t = frAbsences.admin;
const MAX_PROPOSALS = 3;

interface Props {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  userId: string;
  now: () => Date;
}

/**
 * An administrator of the plannings sees the coming absences, their courses and, for each, the substitutes
 * ranked with their reasons (issue 35): one tap assigns, or cancels the course when nobody can.
 */
export function AbsencesDialog({ isOpen, onOpenChange, userId, now }: Props) {
  return (
    <AppDialog isOpen={isOpen} onOpenChange={onOpenChange} title={t.title} size="large">
      <AbsencesList userId={userId} now={now} />
      <div className="dialog-actions">
        <Button className="button" slot="close">
          {frAbsences.declare.close}
        </Button>
      </div>
    </AppDialog>
  );
}

function AbsencesList({ userId, now }: Pick<Props, 'userId' | 'now'>) {
  const today = now().toISOString().slice(0, 10);
  const overview = useLiveQuery(() => absenceOverview(appDb(), today), [today]);
  if (overview === undefined) return null;
  if (overview.length === 0) return <p>{t.none}</p>;
  return (
    <>
      {overview.map((entry) => (
        <AbsenceSection key={entry.absence.id} entry={entry} userId={userId} now={now} />
      ))}
    </>
  );
}

function AbsenceSection({ entry, userId, now }: { entry: AbsenceOverview; userId: string; now: () => Date }) {
  const { absence } = entry;
  const range =
    absence.startTime && absence.endTime ? t.range(absence.startTime, absence.endTime) : t.wholeDay;
  const title = t.absence(entry.teacherName, frenchDate(absence.date), range, absence.reason);
  return (
    <section aria-label={title} className="absence-entry">
      <h3>{title}</h3>
      {entry.courses.length === 0 ? <p>{t.noCourse}</p> : null}
      {entry.courses.map((c) => (
        <CourseEntry key={c.course.slotKey} entry={entry} course={c} userId={userId} now={now} />
      ))}
    </section>
  );
}

function CourseEntry({
  entry,
  course,
  userId,
  now,
}: {
  entry: AbsenceOverview;
  course: AffectedCourse;
  userId: string;
  now: () => Date;
}) {
  const label = t.course(
    `${course.course.startTime}–${course.course.endTime}`,
    course.moduleName,
    course.className,
  );
  // Once a course is settled its choices fold away (a second tap would reassign by mistake); "Changer" reopens them.
  const [isChanging, setIsChanging] = useState(false);
  const toast = useToast();
  const assign = async (substituteUserId: string | null) => {
    setIsChanging(false);
    const saved = await saveSubstitution(appDb(), {
      course: course.course,
      absence: entry.absence,
      substituteUserId,
      actorUserId: userId,
      now: now(),
    });
    // spec part 2 point 5, as a rescheduling: the substitute's contract warnings, shown, never blocking.
    for (const warning of await substitutionContractWarnings(appDb(), saved))
      toast.show(warning, 'info', 6000);
  };
  const assigned = course.substitution;
  const showChoices = !assigned || isChanging;
  const assignedName = assigned?.substituteUserId
    ? (course.proposals.find((p) => p.userId === assigned.substituteUserId)?.name ??
      course.unavailable.find((u) => u.userId === assigned.substituteUserId)?.name ??
      '')
    : null;
  return (
    <div role="group" aria-label={label} className="absence-course">
      <p>
        <strong>{label}</strong>
        {assigned ? ` — ${assigned.substituteUserId ? t.replacedBy(assignedName ?? '') : t.canceled}` : null}
      </p>
      {showChoices ? null : (
        <Button className="button secondary" onPress={() => setIsChanging(true)}>
          {t.change}
        </Button>
      )}{' '}
      {assigned ? (
        <Button
          className="button secondary"
          onPress={() => {
            setIsChanging(false);
            void removeSubstitution(appDb(), {
              substitutionId: assigned.id,
              actorUserId: userId,
              now: now(),
            });
          }}
        >
          {frSubstitutionChanges.admin.remove}
        </Button>
      ) : null}
      {showChoices && course.proposals.length === 0 ? <p>{t.noProposal}</p> : null}
      {showChoices ? (
        <ol>
          {course.proposals.slice(0, MAX_PROPOSALS).map((p) => (
            <li key={p.userId}>
              <Button
                className={!assigned && p === course.proposals[0] ? 'button primary' : 'button secondary'}
                onPress={() => void assign(p.userId)}
              >
                {t.assign(p.name)}
              </Button>{' '}
              <span>{p.reasons.map(reasonText).join(' · ')}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {showChoices && course.unavailable.length > 0 ? (
        <p>{t.unavailable(course.unavailable.length)}</p>
      ) : null}
      {showChoices ? (
        <Button className="button secondary" onPress={() => void assign(null)}>
          {t.cancelCourse}
        </Button>
      ) : null}
    </div>
  );
}
