import { describe, expect, it } from 'vitest';
import { monthLabel } from '../../src/i18n/fr-closing';

/** The one French month name of the closing panel, the statements, their month select and their PDF. */
describe('monthLabel', () => {
  it.each([
    ['2026-01', 'janvier 2026'],
    ['2026-08', 'août 2026'],
    ['2026-12', 'décembre 2026'],
    ['2027-02', 'février 2027'],
    // Not a month key: shown as it is.
    ['2026-4', '2026-4'],
    ['', ''],
  ])('%j -> %j', (month, expected) => {
    expect(monthLabel(month)).toBe(expected);
  });

  it('names every month as the browser does in French (the PDF used Intl before)', () => {
    const intl = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (let m = 1; m <= 12; m += 1)
      expect(monthLabel(`2026-${String(m).padStart(2, '0')}`)).toBe(
        intl.format(new Date(Date.UTC(2026, m - 1, 1))),
      );
  });
});
