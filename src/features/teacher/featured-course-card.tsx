import { Button } from 'react-aria-components';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import type { FeaturedAction } from '../../domain/teacher/featured-course';
import { fr } from '../../i18n/fr';
import { deliveryLabel, timeRangeLabel } from '../../ui/timetable';
import { statusLabel, SubstitutionMark } from './substitution-mark';
import { STATUS_PILL } from './today-row';
import { frSubstitute } from '../../i18n/fr-substitute';

const t = fr.teacher.today;

interface Props {
  item: SlotDisplayItem;
  action: FeaturedAction;
  isBusy: boolean;
  /** This card's action is running: the position is being captured. */
  isLocating: boolean;
  onCheck: (kind: 'checkin' | 'checkout') => void;
}

/**
 * The current or next course at the top of Module du jour, with its one right action as a large button: a
 * teacher opens the app and taps once (issue: the teacher's two taps). The gates decide which action.
 */
export function FeaturedCourseCard({ item, action, isBusy, isLocating, onCheck }: Props) {
  const what = `${item.moduleName}, ${item.className}, ${timeRangeLabel(item)}`;
  // Checked in before the start (issue 32): the course is running for the teacher, Départ waits for the start.
  const early = action === 'none' && item.status === 'in-progress';
  const heading =
    action === 'none' && !early
      ? t.featuredNext
      : item.status === 'in-progress'
        ? t.featuredRunning
        : t.featuredOpen;
  const kind = action === 'checkout' || early ? 'checkout' : 'checkin';
  const label = kind === 'checkout' ? fr.teacher.slot.checkout : fr.teacher.slot.checkin;
  return (
    <article className="featured-course" aria-labelledby="featured-course-title">
      <div className="featured-course-head">
        <h3 id="featured-course-title">{heading}</h3>
        <span className={item.status ? STATUS_PILL[item.status] : 'pill'}>{statusLabel(item)}</span>
      </div>
      <p className="featured-course-time">{timeRangeLabel(item)}</p>
      <p className="featured-course-module">{item.moduleName}</p>
      {item.substitution ? (
        <p className="featured-course-substitution">
          <SubstitutionMark item={item} />
        </p>
      ) : null}
      <p className="featured-course-meta">
        {item.className} · {deliveryLabel(item)}
      </p>
      {item.substitution?.kind === 'replaced' ? (
        // Issue 35: her course is the substitute's to check in to; no dead primary button.
        <p className="hint">{frSubstitute.replacedHint(item.substitution.otherName)}</p>
      ) : (
        <Button
          className={
            kind === 'checkout'
              ? 'button featured-course-action secondary'
              : 'button featured-course-action primary'
          }
          aria-label={kind === 'checkout' ? t.checkoutOf(what) : t.checkinOf(what)}
          isDisabled={action === 'none' || isBusy}
          onPress={() => onCheck(kind)}
        >
          {isLocating ? fr.teacher.check.locating : label}
        </Button>
      )}
      {action === 'none' && item.substitution?.kind !== 'replaced' ? (
        <p className="hint">{early ? fr.attendance.refusals['before-start'] : fr.teacher.check.tooEarly}</p>
      ) : null}
    </article>
  );
}
