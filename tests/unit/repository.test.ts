import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { setMeta } from '../../src/db/meta';
import { onLocalWrite, writeBatch } from '../../src/db/repository';

let db: AppDatabase;
let n = 0;
beforeEach(() => {
  db = openDatabase(`repo-${(n += 1)}`);
});
afterEach(async () => {
  await db.delete();
});

const level = { id: 'l-1', name: 'Licence 1', abbr: 'L1' };

describe('writeBatch', () => {
  it('writes the record and its outbox mutation with the changed fields and the base revision', async () => {
    await setMeta(db, 'revision', 7);
    await writeBatch(db, async (w) => w.put('levels', level));
    await writeBatch(db, async (w) => {
      await w.patch('levels', 'l-1', { abbr: 'LIC1' });
    });
    const outbox = await db.outbox.orderBy('seq').toArray();
    expect(outbox.map((m) => [m.collection, m.recordId, m.op, m.changedFields, m.baseRevision])).toEqual([
      ['levels', 'l-1', 'put', ['abbr', 'id', 'name'], 7],
      ['levels', 'l-1', 'put', ['abbr'], 7],
    ]);
    expect(outbox[1]?.values).toEqual({ abbr: 'LIC1' });
    expect(new Set(outbox.map((m) => m.mutationId)).size).toBe(2);
  });

  it('records nothing for a put that changes nothing', async () => {
    await writeBatch(db, async (w) => w.put('levels', level));
    await writeBatch(db, async (w) => w.put('levels', { ...level }));
    expect(await db.outbox.count()).toBe(1);
  });

  it('records deletions', async () => {
    await writeBatch(db, async (w) => w.put('levels', level));
    await writeBatch(db, async (w) => w.remove('levels', 'l-1'));
    expect(await db.levels.count()).toBe(0);
    expect((await db.outbox.orderBy('seq').last())?.op).toBe('delete');
  });

  it('writes nothing at all when the batch fails half way', async () => {
    let notified = 0;
    const stop = onLocalWrite(() => (notified += 1));
    await expect(
      writeBatch(db, async (w) => {
        await w.put('levels', level);
        await w.put('institutes', { id: 'i-1', name: 'ISI', abbr: 'ISI' });
        throw new Error('panne');
      }),
    ).rejects.toThrow('panne');
    stop();
    expect(await db.levels.count()).toBe(0);
    expect(await db.institutes.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(notified).toBe(0);
  });
});
