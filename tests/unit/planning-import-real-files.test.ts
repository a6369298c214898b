import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { ImportPeriod } from '../../src/domain/planning/import-form';
import { applyNameChanges, detectedClasses } from '../../src/domain/planning/import-renames';
import { earlierImportTimetables, planReplacement } from '../../src/domain/planning/import-replace';
import { buildImportTimetables } from '../../src/domain/planning/import-timetables';
import { slotSubtitle } from '../../src/domain/planning/slot-display';
import type { Slot, Timetable } from '../../src/domain/store/schema';
import { readTimetableGrids, resolveReferences, type ParsedFile } from '../../src/domain/timetable-parsing';
import { decodeTextBytes } from '../../src/domain/timetable-parsing/text-decoding';
import { knownNamesOf, readTimetableBytes } from '../../src/services/sheets/workbook-to-grids';

function real(name: string): ParsedFile {
  const bytes = readFileSync(join(process.cwd(), 'tests', 'fixtures', 'timetables', 'real', name));
  const result = readTimetableBytes(bytes, name);
  if (!result.ok) throw new Error(name);
  return result.value;
}

const period: ImportPeriod = {
  periodicity: 'week',
  year: 2022,
  week: 37,
  month: 9,
  weekStartDate: '2022-09-12',
};

const references = {
  classes: [{ id: 'c-bts1', code: 'BTS1 CG' }],
  courseModules: [
    { id: 'm-compta', name: 'Comptabilité' },
    { id: 'm-droit', name: 'Droit' },
    { id: 'm-eco', name: 'Économie' },
  ],
  users: [
    { id: 'u-ba', name: 'Ba' },
    { id: 'u-diop', name: 'Diop' },
    { id: 'u-faye', name: 'Faye' },
  ],
};

describe('several dated weeks in one file', () => {
  it('gives one week timetable per class and dated week, whatever week the dialog chose', () => {
    let n = 0;
    const timetables = buildImportTimetables({
      resolution: resolveReferences(real('weeks-stacked.xlsx'), references),
      period: { ...period, weekStartDate: '2022-09-05', week: 36 },
      importId: 'imp-1',
      now: '2022-09-01T00:00:00.000Z',
      newId: (prefix) => `${prefix}${(n += 1)}`,
      deliveryModes: new Map(),
    });
    expect(timetables.map((t) => [t.classId, t.periodicity, t.weekStartDate, t.slots.length])).toEqual([
      ['c-bts1', 'week', '2022-09-12', 3],
      ['c-bts1', 'week', '2022-09-19', 3],
    ]);
  });
});

describe('rooms', () => {
  it('go from the cell to the slot, and to its subtitle', () => {
    const resolution = resolveReferences(real('start-times-merged.xlsx'), {
      classes: [{ id: 'c', code: 'BTS SIO 1' }],
      courseModules: [{ id: 'm', name: 'Mathématiques' }],
      users: [{ id: 'u', name: 'Dupont' }],
    });
    const slot = resolution.timetables[0]?.slots[0];
    expect(slot).toMatchObject({ dayOfWeek: 1, startTime: '08:00', endTime: '10:00', room: '104' });
    expect(slotSubtitle('BTS SIO 1', 'Dupont', slot?.room)).toBe('BTS SIO 1 · Dupont · 104');
    expect(slotSubtitle('BTS SIO 1', 'Dupont')).toBe('BTS SIO 1 · Dupont');
  });
});

describe('names fixed in the verification dialog', () => {
  it('a class renamed, or mapped onto an existing one, is matched under its new name', () => {
    const parsed = real('title-every-sheet.xlsx');
    expect(detectedClasses(parsed)).toEqual([
      { name: 'L1 Info', sources: [{ sheetName: 'L1 Info', firstRow: 4, lastRow: 6 }], courseCount: 2 },
      { name: 'L2 Info', sources: [{ sheetName: 'L2 Info', firstRow: 4, lastRow: 6 }], courseCount: 2 },
    ]);
    const renamed = applyNameChanges(parsed, {
      classes: { 'l1 info': 'Licence 1 Informatique' },
      modules: { algorithmique: 'Algo' },
      teachers: {},
    });
    expect(renamed.tables.map((t) => t.className)).toEqual(['Licence 1 Informatique', 'L2 Info']);
    const resolution = resolveReferences(renamed, {
      classes: [{ id: 'c1', code: 'Licence 1 Informatique' }],
      courseModules: [],
      users: [],
    });
    expect(resolution.missingClasses).toEqual(['L2 Info']);
    expect(resolution.missingModules).toContain('Algo');
    expect(resolution.missingModules).not.toContain('Algorithmique');
  });
});

function slot(day: number, start: string, moduleId: string, extra: Partial<Slot> = {}): Slot {
  return {
    dayOfWeek: day,
    startTime: start,
    endTime: `${String(Number(start.slice(0, 2)) + 2).padStart(2, '0')}:00`,
    moduleId,
    teacherUserId: 'u',
    deliveryMode: 'presentiel',
    canceled: false,
    ...extra,
  };
}

function week(id: string, slots: Slot[], planningImportId?: string): Timetable {
  return {
    id,
    ...(planningImportId ? { planningImportId } : {}),
    periodicity: 'week',
    year: 2022,
    weekStartDate: '2022-09-12',
    month: null,
    classId: 'c',
    createdAt: '2022-09-01T00:00:00.000Z',
    slots,
  };
}

describe('re-import (Remplacer)', () => {
  it('finds the earlier import of the same class and week, not a hand-made timetable or another week', () => {
    const candidate = week('new', [slot(1, '08:00', 'algo')]);
    const earlier = week('old', [slot(1, '08:00', 'algo')], 'imp-old');
    const handMade = week('hand', [slot(2, '08:00', 'algo')]);
    const otherWeek = { ...week('w2', [], 'imp-old'), weekStartDate: '2022-09-19' };
    const otherClass = { ...week('c2', [], 'imp-old'), classId: 'c2' };
    expect(
      earlierImportTimetables([candidate], [earlier, handMade, otherWeek, otherClass]).map((t) => t.id),
    ).toEqual(['old']);
  });

  it('replaces the courses; a course with check-ins keeps its index, even when the new file drops it', () => {
    const earlier = week(
      'old',
      [
        slot(1, '08:00', 'algo'),
        slot(2, '08:00', 'maths'),
        slot(3, '08:00', 'droit'),
        slot(4, '08:00', 'eco'),
      ],
      'imp-old',
    );
    const candidate = week('new', [slot(3, '08:00', 'droit'), slot(5, '14:00', 'web', { room: 'B12' })]);
    const plan = planReplacement({
      candidates: [candidate],
      earlier: [earlier],
      // maths (index 1) was checked in, droit (index 2) too.
      withHistory: [
        { timetableId: 'old', slotIndex: 1 },
        { timetableId: 'old', slotIndex: 2 },
      ],
      importId: 'imp-new',
    });
    expect(plan.created).toEqual([]);
    expect(plan.kept).toBe(1);
    const [updated] = plan.updated;
    expect(updated?.id).toBe('old');
    expect(updated?.planningImportId).toBe('imp-new');
    expect(updated?.slots.map((s) => s.moduleId)).toEqual(['web', 'maths', 'droit']);
    expect(updated?.slots[0]?.room).toBe('B12');
  });

  it('a class and week without an earlier import is simply created', () => {
    const candidate = week('new', [slot(1, '08:00', 'algo')]);
    const plan = planReplacement({ candidates: [candidate], earlier: [], withHistory: [], importId: 'i' });
    expect(plan.created.map((t) => t.id)).toEqual(['new']);
  });
});

describe('text files decoded the same everywhere', () => {
  it('Windows-1252 bytes 0x80-0x9F by the explicit table', () => {
    const bytes = new Uint8Array([0x80, 0x20, 0x92, 0x20, 0x8c, 0x9c, 0x20, 0x96, 0x20, 0xe9, 0x81]);
    expect(decodeTextBytes(bytes, 'windows-1252')).toBe('€ ’ Œœ – é\u0081');
  });

  it('UTF-16 with and without a byte order mark', () => {
    const le = new Uint8Array([0xff, 0xfe, 0x4c, 0x00, 0xe9, 0x00]);
    expect(decodeTextBytes(le)).toBe('Lé');
    const be = new Uint8Array([0x00, 0x4c, 0x00, 0x75, 0x00, 0x6e, 0x00, 0x64, 0x00, 0x69]);
    expect(decodeTextBytes(be)).toBe('Lundi');
  });
});

describe('reading time', () => {
  it('reads a workbook of 120 classes (one sheet each, merged courses, rooms) within 2 s', () => {
    const wb = XLSX.utils.book_new();
    const days = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi'];
    for (let c = 0; c < 120; c += 1) {
      const rows: string[][] = [['Emploi du temps'], [`Classe : C${c}`], ['', ...days]];
      for (let h = 8; h < 18; h += 1) {
        rows.push([
          `${h}h00`,
          ...days.map((_, d) => ((h + d + c) % 3 === 0 ? `Module ${h}\nM. Prof${d}\nB${c % 20}` : '')),
        ]);
      }
      const ws = XLSX.utils.aoa_to_sheet(rows);
      ws['!merges'] = [{ s: { r: 3, c: 1 }, e: { r: 4, c: 1 } }];
      XLSX.utils.book_append_sheet(wb, ws, `C${c}`);
    }
    const bytes = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    // CPU time of this process, not wall time: the shared test machine may be busy with other work.
    const started = process.cpuUsage();
    const wallStart = performance.now();
    const result = readTimetableBytes(bytes, 'edt-120.xlsx');
    const used = process.cpuUsage(started);
    const cpuMs = (used.user + used.system) / 1000;
    console.log(
      `120 classes read in ${Math.round(cpuMs)} ms of CPU (${Math.round(performance.now() - wallStart)} ms wall)`,
    );
    expect(result.ok && result.value.tables).toHaveLength(120);
    expect(cpuMs).toBeLessThan(2_000);
  });
});

describe("the organisation's names come first", () => {
  it('a known teacher written before the module is the teacher; a known class fills a grid by teacher', () => {
    const grid = [
      ['Enseignant : M. Diallo'],
      ['Horaire', 'Lundi', 'Mardi', 'Mercredi'],
      ['08:00-10:00', 'Groupe Alpha\nAlgorithmique', '', ''],
      ['10:00-12:00', '', 'Groupe Beta\nRéseaux', ''],
    ];
    const withoutNames = readTimetableGrids([{ sheetName: 'Diallo', grid }]);
    const known = knownNamesOf({ classes: ['Groupe Alpha', 'Groupe Beta'], modules: [], teachers: [] });
    const withNames = readTimetableGrids([{ sheetName: 'Diallo', grid }], { known });
    const classes = (r: typeof withNames) => (r.ok ? r.value.tables.map((t) => t.className) : []);
    expect(classes(withoutNames)).toEqual(['Diallo']);
    expect(classes(withNames)).toEqual(['Groupe Alpha', 'Groupe Beta']);

    const teacherFirst = [
      ['Horaire', 'Lundi', 'Mardi', 'Mercredi'],
      ['08:00-10:00', 'Ndiaye\nAlgorithmique', '', ''],
    ];
    const read = readTimetableGrids([{ sheetName: 'L1', grid: teacherFirst }], {
      known: knownNamesOf({ classes: [], modules: [], teachers: ['Ndiaye'] }),
    });
    expect(read.ok && read.value.tables[0]?.rows[0]?.cells[1]).toEqual([
      { moduleName: 'Algorithmique', teacherName: 'Ndiaye', sourceColumn: 1 },
    ]);
  });

  it.each<[string, string[], string, { moduleName: string; teacherName: string; room?: string }[]]>([
    [
      'a teacher before a known module',
      ['Stage'],
      'Kane\nStage',
      [{ moduleName: 'Stage', teacherName: 'Kane' }],
    ],
    [
      'a teacher before a known module, then a room',
      ['Stage'],
      'KANE\nSTAGE\nB12',
      [{ moduleName: 'STAGE', teacherName: 'KANE', room: 'B12' }],
    ],
    [
      'two teacher-module pairs',
      ['Stage', 'Réseaux'],
      'Kane\nStage\nSow\nRéseaux',
      [
        { moduleName: 'Stage', teacherName: 'Kane' },
        { moduleName: 'Réseaux', teacherName: 'Sow' },
      ],
    ],
    [
      'two known modules',
      ['Stage', 'Réseaux'],
      'Réseaux\nStage',
      [
        { moduleName: 'Réseaux', teacherName: '' },
        { moduleName: 'Stage', teacherName: '' },
      ],
    ],
    ['no known module', [], 'Kane\nStage', [{ moduleName: 'Kane', teacherName: 'Stage' }]],
  ])('known modules: %s', (_, modules, cell, expected) => {
    const grid = [
      ['Horaire', 'Lundi', 'Mardi', 'Mercredi'],
      ['08:00-12:00', cell, '', ''],
    ];
    const read = readTimetableGrids([{ sheetName: 'BTS1', grid }], {
      known: knownNamesOf({ classes: [], modules, teachers: [] }),
    });
    expect(read.ok && read.value.tables[0]?.rows[0]?.cells[1]).toEqual(
      expected.map((course) => ({ ...course, sourceColumn: 1 })),
    );
  });
});
