import { useDeferredValue, useState } from 'react';
import { Button } from 'react-aria-components';
import { featuredCourse } from '../../domain/teacher/featured-course';
import { dayRange } from '../../domain/time/period';
import { fr } from '../../i18n/fr';
import { useSignedInSession } from '../../session/use-session';
import { ContractFileBanner } from './contract-file-banner';
import { EmailToCompleteBanner } from './email-to-complete-banner';
import { serverClock } from '../../sync/server-clock';
import { useServerNow } from '../../sync/use-server-now';
import { checkAvailability } from './check-gates';
import { FeaturedCourseCard } from './featured-course-card';
import { longDate } from './period';
import { TodayRow } from './today-row';
import { useCheckAction } from './use-check-action';
import { useKioskReturn } from './use-kiosk-return';
import { useTeacherSlots } from './use-teacher-slots';
import { DeclareAbsenceDialog } from '../absences/declare-absence-dialog';
import { frAbsences } from '../../i18n/fr-absences';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import type { CheckKind } from './use-check-action';
import './teacher.css';

const t = fr.teacher.today;
// The gates open 30 minutes before a course and statuses turn late after 10: refresh often enough.
const TODAY_REFRESH_MS = 15_000;

interface Done {
  kind: CheckKind;
  at: Date;
  what: string;
}

const clock = (date: Date) => date.toISOString().slice(11, 16);

/**
 * /teacher/today "Module du jour" (spec part 2 point 2). The current or next course comes first as a large
 * card with its one action (open the app, one tap); the day's other courses follow in the table. In PIN mode
 * (a shared classroom tablet) it is the only screen: the teacher's name, and back to the PIN pad after an
 * action or when idle.
 */
export function TeacherTodayPage() {
  const session = useSignedInSession();
  // The server's time as this device estimates it: the buttons open and close when the server would accept.
  const now = useServerNow(TODAY_REFRESH_MS);
  const isKiosk = session?.loginMode === 'pin';
  const kiosk = useKioskReturn(isKiosk);
  const check = useCheckAction();
  const [done, setDone] = useState<Done | null>(null);
  const [isDeclaring, setIsDeclaring] = useState(false);
  // The day's courses render in a transition when they arrive: React yields to the browser every few
  // milliseconds instead of one long task (the tap that follows stays responsive on a slow phone).
  const data = useDeferredValue(useTeacherSlots(session?.user.id ?? '', dayRange(now), now));
  const items = data?.items ?? [];
  const entries = data
    ? items.map((item) => {
        const computed = checkAvailability(item, data.timetables, data.logs, now);
        // Issue 35: replaced, her course is the substitute's to check in to (the server refuses hers).
        const availability =
          item.substitution?.kind === 'replaced'
            ? { ...computed, canCheckIn: false, canCheckOut: false }
            : computed;
        return {
          item,
          availability,
          date: item.date,
          startTime: item.startTime,
          endTime: item.endTime,
          canceled: item.canceled,
          canCheckIn: availability.canCheckIn,
          canCheckOut: availability.canCheckOut,
          isFinished: availability.status === 'finished',
        };
      })
    : [];
  const featured = featuredCourse(entries, now);
  const others = entries.filter((e) => e !== featured?.entry);
  const isBusy = check.busyKey !== null || kiosk.countdown !== null;
  const onCheck = async (kind: CheckKind, item: SlotDisplayItem) => {
    if (!(await check.run(kind, item))) return;
    // Confirmation in place (offline too: the check is written on the device first).
    // The time the check-in records (the server's, as estimated), not the phone's own clock.
    setDone({
      kind,
      at: new Date(serverClock.serverNowMs()),
      what: `${item.moduleName} · ${item.className}`,
    });
    kiosk.afterAction();
  };
  return (
    <section
      aria-labelledby="teacher-today-title"
      className={isKiosk ? 'teacher-page teacher-today teacher-kiosk' : 'teacher-page teacher-today'}
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
      {!isKiosk && session ? (
        <>
          <Button className="button secondary" onPress={() => setIsDeclaring(true)}>
            {frAbsences.declare.open}
          </Button>
          <DeclareAbsenceDialog
            isOpen={isDeclaring}
            onOpenChange={setIsDeclaring}
            userId={session.user.id}
            today={now.toISOString().slice(0, 10)}
            now={now}
          />
        </>
      ) : null}
      <ContractFileBanner />
      <EmailToCompleteBanner />
      {done ? (
        <p className="form-success teacher-check-done" role="status">
          {done.kind === 'checkin' ? t.checkinDone(clock(done.at)) : t.checkoutDone(clock(done.at))} ·{' '}
          {done.what}
        </p>
      ) : null}
      {kiosk.countdown !== null ? (
        <p className="form-success teacher-kiosk-countdown" role="status">
          {fr.teacher.kiosk.returning(kiosk.countdown)}
        </p>
      ) : null}
      {check.prompt}
      {data === undefined ? <p className="page-loading">{fr.app.loading}</p> : null}
      {data && items.length === 0 ? <p className="empty">{t.empty}</p> : null}
      {featured ? (
        <FeaturedCourseCard
          item={featured.entry.item}
          action={featured.action}
          isBusy={isBusy}
          isLocating={check.busyKey?.endsWith(`:${featured.entry.item.key}`) ?? false}
          onCheck={(kind) => void onCheck(kind, featured.entry.item)}
        />
      ) : null}
      {data && others.length > 0 ? (
        <>
          {featured ? <h3 className="teacher-today-others">{t.otherCourses}</h3> : null}
          <div className="table-scroll">
            <table className="data teacher-today-table stack-on-phone">
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
                {others.map(({ item, availability }) => (
                  <TodayRow
                    key={item.key}
                    item={item}
                    availability={availability}
                    isBusy={isBusy}
                    onCheck={(kind) => void onCheck(kind, item)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {isKiosk ? <p className="hint">{fr.teacher.kiosk.idleHint}</p> : null}
    </section>
  );
}
