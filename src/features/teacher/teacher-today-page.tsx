import { Button } from 'react-aria-components';
import { dayRange } from '../../domain/time/period';
import { fr } from '../../i18n/fr';
import { useSignedInSession } from '../../session/use-session';
import { useNow } from '../../ui/timetable';
import { checkAvailability } from './check-gates';
import { longDate } from './period';
import { TodayRow } from './today-row';
import { useCheckAction } from './use-check-action';
import { useKioskReturn } from './use-kiosk-return';
import { useTeacherSlots } from './use-teacher-slots';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import type { CheckKind } from './use-check-action';

const t = fr.teacher.today;
// The gates open 30 minutes before a course and statuses turn late after 10: refresh often enough.
const TODAY_REFRESH_MS = 15_000;

/**
 * /teacher/today "Module du jour" (spec part 2 point 2). In PIN mode (a shared classroom tablet) it is the
 * only screen: large buttons, the teacher's name, and back to the PIN pad after an action or when idle.
 */
export function TeacherTodayPage() {
  const session = useSignedInSession();
  const now = useNow(TODAY_REFRESH_MS);
  const isKiosk = session?.loginMode === 'pin';
  const kiosk = useKioskReturn(isKiosk);
  const check = useCheckAction();
  const data = useTeacherSlots(session?.user.id ?? '', dayRange(now), now);
  const items = data?.items ?? [];
  const onCheck = async (kind: CheckKind, item: SlotDisplayItem) => {
    if (await check.run(kind, item)) kiosk.afterAction();
  };
  return (
    <section
      aria-labelledby="teacher-today-title"
      className={isKiosk ? 'teacher-page teacher-kiosk' : 'teacher-page'}
    >
      {isKiosk && session ? (
        <div className="teacher-kiosk-bar">
          <p className="teacher-kiosk-name">{fr.teacher.kiosk.teacher(session.user.name)}</p>
          <Button className="button secondary" onPress={() => void kiosk.signOut()}>
            {fr.teacher.kiosk.backToPin}
          </Button>
        </div>
      ) : null}
      <h2 id="teacher-today-title">{t.title}</h2>
      <p className="teacher-today-summary">{t.summary(longDate(now), items.length)}</p>
      {kiosk.countdown !== null ? (
        <p className="form-success teacher-kiosk-countdown" role="status">
          {fr.teacher.kiosk.returning(kiosk.countdown)}
        </p>
      ) : null}
      {data === undefined ? <p className="page-loading">{fr.app.loading}</p> : null}
      {data && items.length === 0 ? <p className="empty">{t.empty}</p> : null}
      {data && items.length > 0 ? (
        <div className="table-scroll">
          <table className="data teacher-today-table">
            <thead>
              <tr>
                <th scope="col">{t.colTime}</th>
                <th scope="col">{t.colClass}</th>
                <th scope="col">{t.colModule}</th>
                <th scope="col">{t.colType}</th>
                <th scope="col">{t.colStatus}</th>
                <th scope="col">{t.colActions}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <TodayRow
                  key={item.key}
                  item={item}
                  availability={checkAvailability(item, data.timetables, data.logs, now)}
                  isBusy={check.busyKey !== null || kiosk.countdown !== null}
                  onCheck={(kind) => void onCheck(kind, item)}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {isKiosk ? <p className="hint">{fr.teacher.kiosk.idleHint}</p> : null}
    </section>
  );
}
