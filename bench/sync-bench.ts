/**
 * What the sync protocol costs: bytes exchanged for one check-in with a store of 100 vs 100,000 records,
 * and the time for a device to catch up 10,000 remote changes. Run: `npx tsx bench/sync-bench.ts`.
 * The device is Dexie over fake-indexeddb (slower than a browser's IndexedDB); the server is the real app
 * on a temporary SQLite file, reached through `inject` (bodies and URLs counted, not HTTP headers).
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/db/database';
import { setMeta } from '../src/db/meta';
import { writeBatch } from '../src/db/repository';
import type { Mutation } from '../src/domain/sync/protocol';
import { pullChanges, pushOutbox } from '../src/sync/engine';
import { startTestServer, type TestServer } from '../tests/unit/sync-helpers';

async function seed(server: TestServer, count: number, prefix: string): Promise<number> {
  let revision = 0;
  for (let start = 0; start < count; start += 5_000) {
    const mutations: Mutation[] = [];
    for (let i = start; i < Math.min(count, start + 5_000); i += 1) {
      mutations.push({
        mutationId: `${prefix}-${i}`,
        collection: 'userLogs',
        recordId: `${prefix}-${i}`,
        op: 'put',
        changedFields: ['action', 'targetUserId', 'timestamp', 'details'],
        values: {
          action: 'update',
          targetUserId: `u-${i % 300}`,
          timestamp: '2026-11-16T08:00:00.000Z',
          details: 'Modification du profil',
        },
        baseRevision: 0,
        createdAt: '2026-11-16T08:00:00.000Z',
      });
    }
    const response = await server.fetch('/api/mutations?orgId=demo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'seeder', mutations }),
    });
    revision = ((await response.json()) as { revision: number }).revision;
  }
  return revision;
}

async function checkInBytes(storeSize: number) {
  const server = await startTestServer();
  const revision = await seed(server, storeSize, 'rec');
  const db = openDatabase(`bench-checkin-${storeSize}`);
  // A device already caught up with the organisation (its tables' content does not change what travels).
  await setMeta(db, 'revision', revision);
  await writeBatch(db, async (w) => {
    await w.put('planningLogs', {
      id: 'pl-bench',
      timestamp: '2026-11-16T07:55:00.000Z',
      action: 'planning-checkin',
      actorUserId: 'u-teacher',
      actorUserName: 'Moussa Fall',
      timetableId: 't-1',
      classId: 'c-1',
      moduleId: 'm-1',
      teacherUserId: 'u-teacher',
      slotIndex: 0,
      latitude: 14.69283,
      longitude: -17.44672,
      accuracy: 12,
    });
    await w.put('notifications', {
      id: 'n-bench',
      kind: 'checkin',
      createdAt: '2026-11-16T07:55:00.000Z',
      timetableId: 't-1',
      slotIndex: 0,
      classId: 'c-1',
      moduleId: 'm-1',
      teacherUserId: 'u-teacher',
      read: false,
    });
  });
  server.bytes.sent = 0;
  server.bytes.received = 0;
  await pushOutbox(db, server.fetch);
  const push = { ...server.bytes };
  await pullChanges(db, server.fetch);
  const total = { ...server.bytes };
  await db.delete();
  await server.close();
  return { storeSize, push, total };
}

async function catchUp(changes: number) {
  const server = await startTestServer();
  await seed(server, changes, 'remote');
  const db = openDatabase('bench-catchup');
  server.bytes.received = 0;
  const started = performance.now();
  await pullChanges(db, server.fetch);
  const ms = performance.now() - started;
  const count = await db.userLogs.count();
  await db.delete();
  await server.close();
  return {
    changes,
    count,
    ms: Math.round(ms),
    receivedBytes: server.bytes.received,
    requests: server.bytes.requests,
  };
}

for (const size of [100, 100_000]) {
  const r = await checkInBytes(size);
  console.log(
    `check-in, store of ${size} records: push ${r.push.sent} B sent / ${r.push.received} B received; ` +
      `push + pull ${r.total.sent} B sent / ${r.total.received} B received`,
  );
}
const c = await catchUp(10_000);
console.log(
  `catch-up of ${c.changes} remote changes: ${c.ms} ms, ${c.count} records, ${c.receivedBytes} B in ${c.requests} requests`,
);
