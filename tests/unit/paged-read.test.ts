import 'fake-indexeddb/auto';
import Dexie, { type Table } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPaged } from '../../src/db/paged-read';

interface Row {
  id: string;
  n: number;
}

describe('readPaged', () => {
  let db: Dexie & { rows: Table<Row, string> };
  beforeEach(async () => {
    db = new Dexie(`paged-${Math.random()}`) as Dexie & { rows: Table<Row, string> };
    db.version(1).stores({ rows: 'id' });
    await db.open();
  });
  afterEach(async () => {
    await db.delete();
  });

  it.each([
    [0, 3],
    [1, 3],
    [3, 3],
    [4, 3],
    [10, 3],
    [1001, 500],
  ])('reads all %i records in pages of %i, in key order, each once', async (count, page) => {
    const rows = Array.from({ length: count }, (_, n) => ({ id: `r-${String(n).padStart(5, '0')}`, n }));
    await db.rows.bulkPut([...rows].reverse());
    const requests: number[] = [];
    const read = await readPaged(
      new Proxy(db.rows, {
        get(target, prop, receiver) {
          if (prop === 'orderBy' || prop === 'where') requests.push(1);
          return Reflect.get(target, prop, receiver) as unknown;
        },
      }),
      page,
    );
    expect(read.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    // One request per full page, and one that finds the end.
    expect(requests).toHaveLength(Math.floor(count / page) + 1);
  });
});
