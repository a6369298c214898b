import type { Table } from 'dexie';

/** Records read per request: about 10 ms of the main thread's deserialising for a page of users. */
export const READ_PAGE = 500;

/**
 * Every record of a table, read page by page in primary-key order. One `toArray()` of a large table is one
 * IndexedDB answer deserialised on the main thread in one go: 5,001 users made a task of 119 ms
 * (bench/new-device.ts, BENCH_TRACE); each page here is its own task. Inside a live query each page is
 * observed, so a change anywhere in the table re-runs the read as before.
 */
export async function readPaged<T extends { id: string }>(
  table: Table<T, string>,
  pageSize = READ_PAGE,
): Promise<T[]> {
  const all: T[] = [];
  let after: string | null = null;
  for (;;) {
    const page: T[] = await (after === null ? table.orderBy(':id') : table.where(':id').above(after))
      .limit(pageSize)
      .toArray();
    all.push(...page);
    const last = page.at(-1);
    if (page.length < pageSize || !last) return all;
    after = last.id;
  }
}
