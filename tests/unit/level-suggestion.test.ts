import { describe, expect, it } from 'vitest';
import { levelKey, moduleLevel, suggestLevel } from '../../src/domain/planning/level-suggestion';

const LEVELS = [
  { id: 'l1', name: 'Licence 1', abbr: 'L1' },
  { id: 'l2', name: 'Licence 2', abbr: 'L2' },
  { id: 'l3', name: 'Licence 3', abbr: 'L3' },
  { id: 'm1', name: 'Master 1', abbr: 'M1' },
  { id: 'm2', name: 'Master 2', abbr: 'M2' },
  { id: 'bts', name: 'Brevet de technicien supérieur', abbr: 'BTS' },
  { id: 'tle', name: 'Terminale', abbr: 'Tle' },
  { id: 'sde', name: 'Seconde', abbr: '2nde' },
  { id: 'pre', name: 'Première', abbr: '1ère' },
  { id: 'prepa', name: 'Classe préparatoire', abbr: 'Prépa' },
];

describe('the level a class name suggests (issue 33 point 5)', () => {
  it.each([
    ['BTS-COM1', 'bts'],
    ['BTS1 A', 'bts'],
    ['bts com 2', 'bts'],
    ['BTSCOM', 'bts'],
    ['L2 INFO', 'l2'],
    ['L2INFO', 'l2'],
    ['L1-INFO', 'l1'],
    ['Licence 3 Gestion', 'l3'],
    ['L3', 'l3'],
    ['M1', 'm1'],
    ['M1 DROIT', 'm1'],
    ['Master 2 Finance', 'm2'],
    ['Terminale S', 'tle'],
    ['TLE D', 'tle'],
    ['2nde A', 'sde'],
    ['Seconde C', 'sde'],
    ['1ère S', 'pre'],
    ['Prépa ECS', 'prepa'],
    // Thresholds: L4 and M3 are no levels; a number glued to L1 is another code; nothing read: no suggestion.
    ['L4 INFO', null],
    ['M3', null],
    ['L12', null],
    ['GROUPE A', null],
    ['', null],
  ])('%s -> %s', (name, expected) => {
    expect(suggestLevel(name, LEVELS)).toBe(expected);
  });

  it('suggests only the levels the organisation has', () => {
    const only = [{ id: 'lic', name: 'Licence', abbr: 'L' }];
    expect(suggestLevel('BTS-COM1', only)).toBeNull();
    expect(suggestLevel('L2 INFO', [{ id: 'x', name: 'Deuxième année de licence', abbr: 'L2' }])).toBe('x');
  });

  it.each([
    ['Licence 2', 'L2'],
    ['LICENCE2', 'L2'],
    ['Terminale', 'TERMINALE'],
    ['6ème B', 'COLLEGE-6'],
    ['CM2', 'CM2'],
    ['Prépa', null],
  ])('level key of %s is %s', (text, key) => {
    expect(levelKey(text)).toBe(key);
  });
});

describe('the level of a module from its classes', () => {
  it.each([
    [[], null],
    [[null, null], null],
    [['l1'], { several: false, levelId: 'l1' }],
    [['l1', null, 'l1'], { several: false, levelId: 'l1' }],
    [['l1', 'l2'], { several: true }],
    [['l1', 'l2', 'bts'], { several: true }],
  ] as const)('%j -> %s', (levels, expected) => {
    expect(moduleLevel(levels)).toEqual(expected);
  });
});
