import { describe, expect, it } from 'vitest';
import { referenceNames } from '../../src/features/settings/use-settings-data';

const names = referenceNames(
  {
    levels: [{ id: 'l-1', name: 'Licence 1', abbr: 'L1' }],
    institutes: [{ id: 'i-1', name: 'Institut Supérieur', abbr: 'ISI' }],
  },
  '—',
);

describe('referenceNames (lists of classes and modules)', () => {
  it.each([
    ['a known level', names.level('l-1'), 'Licence 1'],
    ['a deleted level', names.level('l-9'), '—'],
    ['no level', names.level(null), '—'],
    ['an institute id is not a level', names.level('i-1'), '—'],
    ['a known institute', names.institute('i-1'), 'Institut Supérieur'],
    ['a deleted institute', names.institute('i-9'), '—'],
    ['no institute', names.institute(undefined), '—'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
