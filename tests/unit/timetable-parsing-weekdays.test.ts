import { Info } from 'luxon';
import { describe, expect, it } from 'vitest';
import { foldText } from '../../src/domain/timetable-parsing/text';
import { NOT_A_WEEKDAY, parseWeekday } from '../../src/domain/timetable-parsing/weekday';

// The reader's day names of other languages are written in weekday.ts; this checks them against the Intl
// data luxon gives (Info.weekdays), so a name is neither missing nor given the wrong day.
describe('weekday names of other languages', () => {
  it.each(['pt', 'es', 'de', 'it', 'nl'])(
    '%s: every long name, its first word and short name of 3+ letters',
    (locale) => {
      const long = Info.weekdays('long', { locale });
      const short = Info.weekdays('short', { locale });
      long.forEach((name, i) => {
        const words = [
          foldText(name),
          foldText(name).split(/[-\s]/)[0] ?? '',
          foldText(short[i] ?? '').replace(/\.$/, ''),
        ];
        for (const word of words) {
          if (word.length < 3 || !/^[a-z]+$/.test(word) || NOT_A_WEEKDAY.has(word)) continue;
          // French and English words are in the spec's own table ("mar", "lun", "ven", "sam", "dim", "mer").
          expect(parseWeekday(word), `${locale} ${word}`).toBe(i + 1);
        }
      });
    },
  );

  it.each<[string, number | null]>([
    ['Segunda', 1],
    ['Terça', 2],
    ['segunda-feira', 1],
    ['Sexta', 5],
    ['Miércoles', 3],
    ['Donnerstag', 4],
    ['Thur', 4],
    ['Vie de classe', null],
    ['Do', null],
    ['Mo', null],
  ])('%s -> %s', (text, day) => {
    expect(parseWeekday(text)).toBe(day);
  });
});
