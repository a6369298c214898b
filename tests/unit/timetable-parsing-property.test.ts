import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAYS_OF_WEEK,
  parseCellText,
  parseSheet,
  parseTimeRange,
  readTimetableGrids,
  type Grid,
  type ParsedFile,
} from '../../src/domain/timetable-parsing';

const READ_BUDGET_MS = 1_000;

const meaningfulCell = fc.constantFrom(
  'Lundi',
  'Mardi',
  'Mercredi',
  'Jeudi',
  'Vendredi',
  'Samedi',
  'Dimanche',
  'lun',
  'MAR.',
  'Monday',
  'tue',
  'wed',
  'Classe : L1',
  'classe:',
  'Promo',
  'Parcours',
  'Horaire',
  'Salle 12',
  'Prof : M. Diallo',
  'Matière: Algo',
  'Algo / M. Diallo',
  'Réseaux\nMme Sow\nRoom B',
  '8h-10h',
  '08:00 - 10:00',
  '10h30\u201312h',
  '8:00 à 10:00',
  '24h-25h',
  '12h-8h',
  '',
);

const timeLike = fc
  .tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 70 }), fc.integer({ min: 0, max: 30 }))
  .map(([a, b, c]) => `${a}h${b} - ${c}:${String(b).padStart(2, '0')}`);

const cell = fc.oneof(
  { weight: 4, arbitrary: meaningfulCell },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: timeLike },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const row = fc.oneof(
  fc.array(cell, { maxLength: 14 }),
  fc.sparseArray(cell, { maxLength: 14 }),
  fc.constant(null),
  fc.constant([]),
);

const grid = fc.array(row, { maxLength: 70 });

/** CPU time of the read, not wall time: the shared test machine may be busy with other processes. */
function timed<T>(read: () => T): { value: T; ms: number } {
  const start = process.cpuUsage();
  const value = read();
  const used = process.cpuUsage(start);
  return { value, ms: (used.user + used.system) / 1000 };
}

function expectWellFormed(parsed: ParsedFile): void {
  for (const table of parsed.tables) {
    expect(table.className.trim()).not.toBe('');
    expect(table.rows.length).toBeGreaterThan(0);
    for (const parsedRow of table.rows) {
      expect(parsedRow.startTime).toMatch(/^\d{2}:\d{2}$/);
      expect(parsedRow.endTime).toMatch(/^\d{2}:\d{2}$/);
      expect(parsedRow.startTime < parsedRow.endTime).toBe(true);
      expect(DAYS_OF_WEEK.some((day) => parsedRow.cells[day].length > 0)).toBe(true);
    }
  }
}

describe('timetable reader on random grids (property)', () => {
  it('never throws, returns well-formed tables, and reads a sheet in under a second', () => {
    fc.assert(
      fc.property(grid, fc.string({ maxLength: 20 }), (cells, sheetName) => {
        const { value, ms } = timed(() => parseSheet(cells as Grid, sheetName));
        expect(ms).toBeLessThan(READ_BUDGET_MS);
        expectWellFormed(value);
      }),
      { numRuns: 400 },
    );
  });

  it('never throws on values that are not grids at all', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (cells, sheetName) => {
        expect(() => parseSheet(cells as Grid, sheetName as string)).not.toThrow();
        const result = readTimetableGrids([{ sheetName: sheetName as string, grid: cells as Grid }]);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
    for (const value of [undefined, null, 42, 'text', {}, [[{}]], [[Symbol('x')]], [[1n]]]) {
      expect(parseSheet(value as Grid, 'S')).toEqual({ tables: [] });
      expect(readTimetableGrids(value as never)).toMatchObject({ ok: false });
    }
  });

  it('reads whole workbooks of random sheets in under a second', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ sheetName: fc.string({ maxLength: 10 }), grid }), { maxLength: 5 }),
        (sheets) => {
          const { value, ms } = timed(() =>
            readTimetableGrids(sheets as { sheetName: string; grid: Grid }[]),
          );
          expect(ms).toBeLessThan(READ_BUDGET_MS);
          if (value.ok) expectWellFormed(value.value);
          else expect(value.issues.map((i) => i.code)).toEqual(['empty']);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reads a large stacked sheet (300 classes, 3,000 rows) in under a second', () => {
    const sheet: string[][] = [];
    for (let c = 0; c < 300; c += 1) {
      sheet.push(
        [`Classe : C${c}`],
        ['Horaire', 'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi'],
      );
      for (let h = 8; h < 16; h += 1) {
        sheet.push([
          `${h}h-${h + 1}h`,
          `Module ${h} / M. Prof${c}`,
          '',
          `Autre / Mme X`,
          '',
          '',
          'Salle 1\nTP',
        ]);
      }
    }
    const { value, ms } = timed(() => parseSheet(sheet, 'Tout'));
    expect(ms).toBeLessThan(READ_BUDGET_MS);
    expect(value.tables).toHaveLength(300);
    // 8 hour rows, plus Wednesday's "Autre" written in every hour: one course block from 8h to 16h.
    expect(value.tables[299]?.rows).toHaveLength(9);
  });

  it('never throws on random cell text, and never keeps a room line', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), meaningfulCell), { maxLength: 6 }), (lines) => {
        const courses = parseCellText(lines.join('\n'));
        for (const course of courses) {
          expect(/^(salle|room)\b/i.test(course.moduleName)).toBe(false);
          expect(course.moduleName !== '' || course.teacherName !== '').toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads every well-formed time range into zero-padded HH:MM', () => {
    const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }));
    const writeTime = (h: number, m: number, form: number) =>
      [
        `${h}h${String(m).padStart(2, '0')}`,
        `${h}:${String(m).padStart(2, '0')}`,
        `${String(h).padStart(2, '0')}h${String(m).padStart(2, '0')}`,
      ][form] ?? '';
    fc.assert(
      fc.property(
        hhmm,
        hhmm,
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom('-', ' - ', '\u2013', ' à ', ' a '),
        ([h1, m1], [h2, m2], form, separator) => {
          fc.pre(h1 * 60 + m1 < h2 * 60 + m2);
          const text = `${writeTime(h1, m1, form)}${separator}${writeTime(h2, m2, form)}`;
          const pad = (n: number) => String(n).padStart(2, '0');
          expect(parseTimeRange(text)).toEqual({
            startTime: `${pad(h1)}:${pad(m1)}`,
            endTime: `${pad(h2)}:${pad(m2)}`,
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
