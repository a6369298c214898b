import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { datedWeeksOutside, importYearChoices } from '../../src/domain/planning/import-year-choices';
import { importPreviewRows } from '../../src/domain/planning/import-timetables';
import type { ImportPeriod } from '../../src/domain/planning/import-form';
import { resolveReferences, type ParsedFile, type ParsedTable } from '../../src/domain/timetable-parsing';
import { NewImportPeriodFields } from '../../src/features/planning/import/new-import-period-fields';
import type { NewImportState } from '../../src/features/planning/import/use-new-import';

afterEach(cleanup);

const emptyDays = { 1: [], 2: [], 3: [], 4: [], 5: [], 6: [], 7: [] };

function table(className: string, weekStartDate?: string): ParsedTable {
  return {
    className,
    sheetName: 'S',
    headerRow: 0,
    timeColumn: 0,
    classNameSource: 'label',
    ...(weekStartDate ? { weekStartDate } : {}),
    rows: [
      {
        startTime: '08:00',
        endTime: '10:00',
        sourceRow: 1,
        cells: { ...emptyDays, 1: [{ moduleName: 'Algèbre', teacherName: 'Awa Diop', sourceColumn: 1 }] },
      },
    ],
  };
}
const file = (...tables: ParsedTable[]): ParsedFile => ({ tables });
const week = (weekStartDate: string): ImportPeriod => ({
  periodicity: 'week',
  year: Number(weekStartDate.slice(0, 4)),
  week: 1,
  month: Number(weekStartDate.slice(5, 7)),
  weekStartDate,
});
const month = (year: number, m: number): ImportPeriod => ({
  periodicity: 'month',
  year,
  week: null,
  month: m,
  weekStartDate: null,
});

describe('years offered by "Nouvel import"', () => {
  it.each([
    ['no file read yet', [], [2025, 2026, 2027]],
    ['a file dated in 2019', ['2019-06-10', '2019-06-17'], [2019, 2025, 2026, 2027]],
    ['a file dated across two years', ['2018-12-31', '2019-01-07'], [2018, 2019, 2025, 2026, 2027]],
    ['a file dated within the usual years', ['2026-03-16'], [2025, 2026, 2027]],
    ['an unreadable date is not a year', ['juin'], [2025, 2026, 2027]],
  ])('%s', (_name, mondays, years) => {
    expect(importYearChoices('2026-11-27T10:00:00Z', mondays)).toEqual(years);
  });
});

describe('dated weeks of a file outside the chosen period', () => {
  it.each([
    ['an undated file', file(table('L1')), week('2026-11-23'), []],
    [
      'dated weeks all outside',
      file(table('L1', '2019-06-17'), table('L1', '2019-06-10')),
      week('2026-11-23'),
      ['2019-06-10', '2019-06-17'],
    ],
    [
      'one week is the chosen one',
      file(table('L1', '2019-06-10'), table('L1', '2019-06-17')),
      week('2019-06-17'),
      [],
    ],
    [
      'the same week twice is offered once',
      file(table('L1', '2019-06-10'), table('L2', '2019-06-10')),
      week('2026-11-23'),
      ['2019-06-10'],
    ],
    ['month mode, a week of that month', file(table('L1', '2019-06-10')), month(2019, 6), []],
    ['month mode, a week ending in that month', file(table('L1', '2019-05-27')), month(2019, 6), []],
    ['month mode, another month', file(table('L1', '2019-06-10')), month(2019, 7), ['2019-06-10']],
  ])('%s', (_name, parsed, period, expected) => {
    expect(datedWeeksOutside(parsed, period)).toEqual(expected);
  });
});

describe('skipped courses of the preview', () => {
  it('show their own dated week, not the chosen one', () => {
    const resolution = resolveReferences(file(table('L1', '2019-06-10'), table('L2')), {
      classes: [],
      courseModules: [],
      users: [],
    });
    const rows = importPreviewRows(resolution, { modules: new Map(), teachers: new Map() });
    expect(rows.map((r) => [r.className, r.weekStartDate, r.slotKey])).toEqual([
      ['L1', '2019-06-10', null],
      ['L2', null, null],
    ]);
  });
});

function periodState(overrides: Partial<NewImportState>): NewImportState {
  return {
    now: new Date('2026-11-27T10:00:00Z'),
    years: [2025, 2026, 2027],
    fileWeeks: null,
    draft: { periodicity: 'week', year: 2026, month: 11, weekStartDate: null, hasFile: true },
    update: () => undefined,
    setFile: () => undefined,
    isShown: () => false,
    progress: null,
    isReading: false,
    failure: null,
    submit: () => Promise.resolve(),
    bellQuestion: null,
    savedMappings: [],
    answerBell: () => Promise.resolve(),
    stop: () => undefined,
    openManual: () => undefined,
    ...overrides,
  };
}

describe('"Nouvel import" period fields', () => {
  const optionTexts = (label: string | RegExp) =>
    within(screen.getByLabelText(label))
      .getAllByRole('option')
      .map((o) => o.textContent);

  it('offer the file’s own year and its weeks once a reading found them outside the choice', () => {
    render(
      <NewImportPeriodFields
        state={periodState({
          years: importYearChoices('2026-11-27T10:00:00Z', ['2019-06-10', '2019-06-17']),
          fileWeeks: ['2019-06-10', '2019-06-17'],
          draft: { periodicity: 'week', year: 2019, month: 6, weekStartDate: null, hasFile: true },
        })}
      />,
    );
    expect(optionTexts('Année')).toEqual(['2019', '2025', '2026', '2027']);
    const weeks = optionTexts(/^Semaine/);
    expect(weeks).toContain('Semaine 24 – lundi 10/06/2019');
    expect(weeks).toContain('Semaine 25 – lundi 17/06/2019');
    expect(screen.getByRole('alert').textContent).toContain('2 semaines, du 10/06/2019 au 17/06/2019');
  });

  it('offer last, this and next year and say nothing before a reading', () => {
    render(<NewImportPeriodFields state={periodState({})} />);
    expect(optionTexts('Année')).toEqual(['2025', '2026', '2027']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
