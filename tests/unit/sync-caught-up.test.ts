import { describe, expect, it } from 'vitest';
import { caughtUpAfter } from '../../src/sync/engine';

describe('the revision a page of the change feed brings the tables to', () => {
  it.each([
    ['the last page: the organisation revision', { revision: 40, next: null, revs: [12, 30] }, 10, 40],
    ['the last page, empty', { revision: 40, next: null, revs: [] }, 10, 40],
    ['another page: below its highest revision', { revision: 40, next: 'c', revs: [12, 30] }, 10, 29],
    ['another page of hidden records only', { revision: 40, next: 'c', revs: [] }, 10, 10],
    ['never backwards', { revision: 5, next: null, revs: [] }, 10, 10],
  ])('%s', (_name, page, before, expected) => {
    const changes = page.revs.map((rev) => ({ rev }));
    expect(caughtUpAfter({ revision: page.revision, next: page.next, changes }, before)).toBe(expected);
  });
});
