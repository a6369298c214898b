import { describe, expect, it } from 'vitest';
import type { ImportPeriod } from '../../src/domain/planning/import-form';
import { NO_NAME_FIXES } from '../../src/domain/planning/import-renames';
import type { Slot, Timetable } from '../../src/domain/store/schema';
import { createVerificationClient } from '../../src/features/planning/import/verification-client';
import type { Derived } from '../../src/features/planning/import/verification-derive';

// The test runner has no Worker: the client runs the worker's code after the current task, same messages.
const period: ImportPeriod = {
  periodicity: 'week',
  year: 2025,
  week: 12,
  month: 3,
  weekStartDate: '2025-03-17',
};

function slot(partial: Partial<Slot>): Slot {
  return {
    dayOfWeek: 1,
    startTime: '09:00',
    endTime: '11:00',
    moduleId: 'm1',
    teacherUserId: 't1',
    deliveryMode: 'presentiel',
    canceled: false,
    ...partial,
  };
}

function timetable(partial: Partial<Timetable>): Timetable {
  return {
    id: 'tt',
    periodicity: 'week',
    year: 2025,
    weekStartDate: '2025-03-17',
    month: null,
    classId: 'c1',
    slots: [],
    createdAt: '2025-03-01T00:00:00.000Z',
    ...partial,
  };
}

const noReferences = { classes: [], courseModules: [], users: [] };

describe('verification client (the save checks off the page)', () => {
  it("answers the save's conflicts against the stored timetables", async () => {
    const client = createVerificationClient({ tables: [] }, () => undefined);
    const candidate = timetable({
      id: 'new',
      planningImportId: 'imp',
      slots: [slot({ startTime: '08:00' })],
    });
    const stored = timetable({ id: 'old', classId: 'c2', slots: [slot({})] });
    const conflicts = await client.conflicts({ candidates: [candidate], stored: [stored], period });
    expect(conflicts.map((c) => [c.a.timetableId, c.b.timetableId, c.dates])).toEqual([
      ['new', 'old', ['2025-03-17']],
    ]);
    expect(await client.conflicts({ candidates: [candidate], stored: [], period })).toEqual([]);
    client.close();
  });

  it('derives with the contract warnings of the sources sent before, and rejects questions once closed', async () => {
    const client = createVerificationClient({ tables: [] }, () => undefined);
    client.setSources({ period, importId: 'imp', timetables: [], contracts: [] });
    const derived = await new Promise<Derived>((resolve) =>
      client.derive(NO_NAME_FIXES, noReferences, resolve),
    );
    expect(derived.warnings).toEqual([]);
    expect(derived.rows).toEqual([]);
    const pending = client.conflicts({ candidates: [], stored: [], period });
    client.close();
    await expect(pending).rejects.toThrow('closed');
  });
});
