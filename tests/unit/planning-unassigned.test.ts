// Courses "à affecter" (issue 30 item 5): a course whose file names no teacher is kept without a teacher, shown
// "À affecter", kept out of check-in, and staffed in bulk by module and class from the verification dialog.
import { describe, expect, it } from 'vitest';
import { allowedSlotActions } from '../../src/domain/planning/permissions';
import { resolveWithFixes, NO_NAME_FIXES } from '../../src/domain/planning/import-renames';
import { importPreviewRows } from '../../src/domain/planning/import-timetables';
import { assignmentKey, unassignedGroups } from '../../src/domain/planning/unassigned';
import { resolveReferences, type ParsedFile, type ParsedRow } from '../../src/domain/timetable-parsing';

function row(start: string, end: string, day: 1 | 2 | 3, moduleName: string, teacherName: string): ParsedRow {
  const cells: ParsedRow['cells'] = { 1: [], 2: [], 3: [], 4: [], 5: [], 6: [], 7: [] };
  cells[day] = [{ moduleName, teacherName, sourceColumn: 1 }];
  return { startTime: start, endTime: end, cells, sourceRow: 1 };
}

const FILE: ParsedFile = {
  tables: [
    {
      className: 'L1 Info',
      sheetName: 'L1',
      headerRow: 0,
      timeColumn: 0,
      classNameSource: 'sheet-name',
      rows: [
        row('08:00', '10:00', 1, 'Algorithmique', ''),
        row('10:00', '12:00', 2, 'Algorithmique', ''),
        row('14:00', '16:00', 3, 'Réseaux', 'Sow'),
      ],
    },
  ],
};

const REFERENCES = {
  classes: [{ id: 'c1', code: 'L1 Info' }],
  courseModules: [
    { id: 'm1', name: 'Algorithmique' },
    { id: 'm2', name: 'Réseaux' },
  ],
  users: [
    { id: 'u1', name: 'Sow', status: 'Active' },
    { id: 'u2', name: 'Diallo', status: 'Active' },
  ],
};

describe('courses without a teacher', () => {
  it('are kept, without a teacher, never listed as a missing teacher', () => {
    const resolution = resolveReferences(FILE, REFERENCES);
    expect(resolution.missingTeachers).toEqual([]);
    expect(resolution.skipped).toEqual([]);
    expect(
      resolution.timetables[0]?.slots.map((s) => `${s.dayOfWeek} ${s.moduleId} "${s.teacherUserId}"`),
    ).toEqual(['1 m1 ""', '2 m1 ""', '3 m2 "u1"']);
  });

  it('are shown "À affecter" in the preview, before and after the references exist', () => {
    const names = {
      modules: new Map([['m1', 'Algorithmique']]),
      teachers: new Map([['u1', 'Sow']]),
      unassigned: 'À affecter',
    };
    const saved = importPreviewRows(resolveReferences(FILE, REFERENCES), names);
    expect(saved.map((r) => r.teacherName)).toEqual(['À affecter', 'À affecter', 'Sow']);
    const missing = importPreviewRows(
      resolveReferences(FILE, { classes: [], courseModules: [], users: [] }),
      names,
    );
    expect(missing.map((r) => r.teacherName)).toEqual(['À affecter', 'À affecter', 'Sow']);
  });

  it('are grouped by module and class for the bulk choice, and a choice staffs every course of its group', () => {
    expect(unassignedGroups(FILE)).toEqual([
      {
        key: assignmentKey('Algorithmique', 'L1 Info'),
        moduleName: 'Algorithmique',
        className: 'L1 Info',
        courseCount: 2,
      },
    ]);
    const fixes = { ...NO_NAME_FIXES, assignments: { [assignmentKey('algorithmique ', 'l1 info')]: 'u2' } };
    const resolution = resolveWithFixes(FILE, fixes, REFERENCES);
    expect(resolution.timetables[0]?.slots.map((s) => s.teacherUserId)).toEqual(['u2', 'u2', 'u1']);
    // A choice of a user who no longer exists is ignored: the courses stay "à affecter".
    const gone = resolveWithFixes(
      FILE,
      { ...NO_NAME_FIXES, assignments: { [assignmentKey('Algorithmique', 'L1 Info')]: 'u9' } },
      REFERENCES,
    );
    expect(gone.timetables[0]?.slots.map((s) => s.teacherUserId)).toEqual(['', '', 'u1']);
  });

  it('are out of check-in for everyone until a teacher is set; the planning actions stay', () => {
    const admin = { currentUserId: 'a', hasPlanningActions: true };
    const teacher = { currentUserId: 'u1', hasPlanningActions: false };
    expect(allowedSlotActions({ teacherUserId: '', canceled: false }, admin)).toEqual([
      'reschedule',
      'cancel',
      'change-mode',
    ]);
    expect(allowedSlotActions({ teacherUserId: '', canceled: false }, teacher)).toEqual([]);
    expect(allowedSlotActions({ teacherUserId: 'u1', canceled: false }, teacher)).toEqual([
      'checkin',
      'checkout',
    ]);
    expect(allowedSlotActions({ teacherUserId: 'u1', canceled: false }, admin)).toContain('checkin');
  });
});
