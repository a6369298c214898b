import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import type { Timetable } from '../../src/domain/store/schema';
import { contractWarningTexts } from '../../src/services/planning';

let db: AppDatabase;
let n = 0;
beforeEach(async () => {
  db = openDatabase(`contract-warnings-${(n += 1)}`);
  await db.users.bulkPut([{ id: 'u-t', name: 'Moussa Fall', email: 'm@e.sn', status: 'Active' }]);
  await db.classes.bulkPut([{ id: 'c-1', code: 'L1-INFO' }]);
  await db.courseModules.bulkPut([
    { id: 'm-1', code: 'ALGO', name: 'Algorithmique' },
    { id: 'm-2', code: 'BD', name: 'Bases de données' },
  ]);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
});

const slot = (moduleId: string, startTime: string, endTime: string) => ({
  dayOfWeek: 1,
  startTime,
  endTime,
  moduleId,
  teacherUserId: 'u-t',
  deliveryMode: 'presentiel' as const,
  canceled: false,
});
const week: Timetable = {
  id: 't-1',
  periodicity: 'week',
  year: 2026,
  weekStartDate: '2026-11-16',
  classId: 'c-1',
  createdAt: '2026-11-01T00:00:00.000Z',
  slots: [slot('m-1', '08:00', '12:00'), slot('m-2', '14:00', '16:00')],
};

describe('contract warnings shown at rescheduling (spec part 2 point 5)', () => {
  it('names a teacher without contract, for the moved pair only', async () => {
    const texts = await contractWarningTexts(db, [week], { teacherUserId: 'u-t', moduleId: 'm-1' });
    expect(texts).toEqual(["Moussa Fall n'a pas de contrat VH sur cette période (L1-INFO · Algorithmique)."]);
    expect(console.warn).toHaveBeenCalledTimes(1);
  });

  it('reports a pair outside the contract and a cap reached exactly', async () => {
    await db.contracts.put({
      id: 'k-1',
      teacherUserId: 'u-t',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      createdAt: '2026-11-01T00:00:00.000Z',
      entries: [{ id: 'e-1', classId: 'c-1', moduleId: 'm-1', volumeCapMin: 240 }],
    });
    expect(await contractWarningTexts(db, [week])).toEqual([
      'La paire L1-INFO · Bases de données ne figure pas au contrat VH de Moussa Fall.',
      'Moussa Fall : L1-INFO · Algorithmique atteint 4h prévues sur un plafond de 4h.',
    ]);
  });
});
