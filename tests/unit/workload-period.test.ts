import { describe, expect, it } from 'vitest';
import { chartScale, periodLabel, shiftReferenceDate } from '../../src/features/workload/workload-period';

describe('workload period controls', () => {
  it.each([
    ['day', '2025-03-12', 'mercredi 12 mars 2025'],
    ['week', '2025-03-12', 'Semaine 11 · du 10/03 au 16/03/2025'],
    ['week', '2024-12-31', 'Semaine 1 · du 30/12 au 05/01/2025'],
    ['month', '2025-03-12', 'mars 2025'],
  ] as const)('%s label of %s', (kind, date, label) => {
    expect(periodLabel(kind, date)).toBe(label);
  });

  it.each([
    ['day', '2025-03-01', -1, '2025-02-28'],
    ['week', '2025-03-12', 1, '2025-03-17'],
    ['month', '2025-01-31', 1, '2025-02-01'],
    ['month', '2025-01-15', -1, '2024-12-01'],
  ] as const)('%s arrows from %s by %i', (kind, date, delta, expected) => {
    expect(shiftReferenceDate(kind, date, delta)).toBe(expected);
  });

  it('keeps an unreadable date as it is', () => {
    expect(shiftReferenceDate('day', '', 1)).toBe('');
  });
});

describe('workload chart scale', () => {
  it('shares one scale between planned and real bars', () => {
    const scale = chartScale(
      [
        { label: 'A', plannedMin: 120, realMin: 60, isRealAbovePlanned: false },
        { label: 'B', plannedMin: 30, realMin: 240, isRealAbovePlanned: true },
      ],
      300,
    );
    expect([scale(240), scale(120), scale(0), scale(-5)]).toEqual([300, 150, 0, 0]);
  });

  it('draws nothing when every value is zero', () => {
    expect(chartScale([{ label: 'A', plannedMin: 0, realMin: 0, isRealAbovePlanned: false }], 300)(0)).toBe(
      0,
    );
  });
});
