import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appDb, type AppDatabase } from '../../src/db/database';
import { writeBatch } from '../../src/db/repository';
import { CORRECTION_ACTION, withCorrectionsOf } from '../../src/domain/attendance/trust';
import type { PlanningLog } from '../../src/domain/store/schema';
import { weekRange } from '../../src/domain/time/period';
import { readWorkloadData } from '../../src/features/workload/use-workload-data';
import { frStatement } from '../../src/i18n/fr-statement';
import { readPeriodLogs } from '../../src/services/attendance/period-logs';
import { payrollWorkbook } from '../../src/services/export/payroll';
import { planningLog as log, slot, weekTimetable } from '../support/builders';

/**
 * A reviewer's correction is stamped when it is made, usually after the period ends (payroll is prepared
 * then): /attendance, /workload and the payroll export read it with the logs it corrects whatever its time.
 * Week of Monday 10 March 2025; Monday's course 08:00-10:00. The teacher's phone was 3 hours behind: the
 * check-in reads 09:30 (flagged "horloge décalée"), the check-out 10:00 is right. On Thursday 20 March,
 * after the week, a reviewer corrects the check-in to 08:00.
 */
const MONDAY = '2025-03-10';
const at = (time: string, date = MONDAY) => `${date}T${time}:00.000Z`;
const range = weekRange(MONDAY);
const NOW = new Date(at('12:00', '2025-03-21'));

/** The week of `weekStartDate` with Monday's course 08:00-10:00. */
const timetable = (id: string, weekStartDate: string) => weekTimetable(id, weekStartDate, [slot()]);

const checkin = log('ci-1', 'planning-checkin', at('09:30'), { deviceTimestamp: at('06:30') });
const checkout = log('co-1', 'planning-checkout', at('10:00'), { checkinLogId: 'ci-1' });
const lateCorrection = log('k-1', CORRECTION_ACTION, at('09:00', '2025-03-20'), {
  correctsLogId: 'ci-1',
  correctedTimestamp: at('08:00'),
  note: 'horloge du téléphone',
  actorUserName: 'Admin',
});
// Next week's course, corrected the same day: not a log of the period.
const nextWeek = log('ci-2', 'planning-checkin', at('08:10', '2025-03-17'), { timetableId: 'tt-2' });
const otherCorrection = log('k-2', CORRECTION_ACTION, at('09:05', '2025-03-20'), {
  timetableId: 'tt-2',
  correctsLogId: 'ci-2',
  correctedTimestamp: at('08:00', '2025-03-17'),
  note: 'oubli',
});

async function seed(db: AppDatabase, logs: PlanningLog[]) {
  await writeBatch(db, async (w) => {
    await w.put('timetables', timetable('tt-1', MONDAY));
    await w.put('timetables', timetable('tt-2', '2025-03-17'));
    for (const l of logs) await w.put('planningLogs', l);
  });
}

let db: AppDatabase;
beforeEach(() => {
  db = appDb();
});
afterEach(async () => {
  await Promise.all([db.planningLogs.clear(), db.timetables.clear(), db.outbox.clear()]);
});

describe('withCorrectionsOf', () => {
  it('adds the corrections of the period’s logs, and only those, once', () => {
    const period = [checkin, checkout];
    expect(withCorrectionsOf(period, [checkin, lateCorrection, otherCorrection, lateCorrection])).toEqual([
      checkin,
      checkout,
      lateCorrection,
    ]);
    expect(withCorrectionsOf(period, [nextWeek])).toEqual(period);
  });
});

describe('a correction made after the period ends', () => {
  it('is read with the period’s logs (/attendance), whatever its time; another period’s is not', async () => {
    await seed(db, [checkin, checkout, lateCorrection, nextWeek, otherCorrection]);
    const ids = (await readPeriodLogs(db, range)).map((l) => l.id).sort();
    expect(ids).toEqual(['ci-1', 'co-1', 'k-1']);
  });

  it('changes the real hours of /workload: corrected, no longer "à vérifier"', async () => {
    await seed(db, [checkin, checkout]);
    const flagged = await readWorkloadData(db, 'week', MONDAY, NOW);
    // "À vérifier" time is not paid (issue 32): counted apart until corrected or accepted.
    expect(flagged.rows[0]).toMatchObject({ plannedMin: 120, realMin: 0, reviewMin: 30 });

    await seed(db, [lateCorrection]);
    const corrected = await readWorkloadData(db, 'week', MONDAY, NOW);
    expect(corrected.rows[0]).toMatchObject({ plannedMin: 120, realMin: 120, reviewMin: 0 });
  });

  it('changes the payroll workbook: real as recorded, corrected, nothing left to review', async () => {
    await seed(db, [checkin, checkout, lateCorrection]);
    const book = await payrollWorkbook(
      range,
      frStatement.exportLabels,
      { teacher: 'Inconnu', other: '—' },
      NOW,
    );
    expect(book.fileBase).toBe('heures-2025-03-10_2025-03-16');
    const teachers = book.sheets.find((s) => s.key === 'teachers');
    const row = teachers?.rows[0] ?? [];
    const col = (header: string) => row[teachers?.header.indexOf(header) ?? -1];
    expect(col('Enseignant')).toBe('Inconnu');
    // Prévu, Réel (as recorded), Corrigé, À vérifier, Non émargés
    expect([col('Prévu (heures)'), col('Réel (heures)'), col('Corrigé (heures)')]).toEqual([2, 0.5, 2]);
    expect([col('À vérifier (heures)'), col('Non émargés'), col('Écart corrigé - prévu (heures)')]).toEqual([
      0, 0, 0,
    ]);
    const sessions = book.sheets.find((s) => s.key === 'sessions');
    expect(sessions?.rows[0]?.slice(3, 16)).toEqual([
      '10/03/2025',
      '08:00',
      '10:00',
      '—',
      '—',
      'Tenu',
      2,
      0.5,
      2,
      0,
      0,
      2,
      0,
    ]);
  });
});
