import { describe, expect, it } from 'vitest';
import type { ImportPeriod } from '../../src/domain/planning/import-form';
import { NO_NAME_FIXES } from '../../src/domain/planning/import-renames';
import { createVerificationClient } from '../../src/features/planning/import/verification-client';
import type { Derived } from '../../src/features/planning/import/verification-derive';
import { slot, weekTimetable } from '../support/builders';

// The test runner has no Worker: the client runs the worker's code after the current task, same messages.
const MONDAY = '2025-03-17';
const period: ImportPeriod = {
  periodicity: 'week',
  year: 2025,
  week: 12,
  month: 3,
  weekStartDate: MONDAY,
};

const noReferences = { classes: [], courseModules: [], users: [] };

describe('verification client (the save checks off the page)', () => {
  it("answers the save's conflicts against the stored timetables", async () => {
    const client = createVerificationClient({ tables: [] }, () => undefined);
    // The same teacher on Monday 17 March 2025 at 08:00 in two classes.
    const candidate = weekTimetable('new', MONDAY, [slot()], { planningImportId: 'imp' });
    const stored = weekTimetable('old', MONDAY, [slot()], { classId: 'class-2' });
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
