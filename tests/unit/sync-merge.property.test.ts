import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemorySyncStorage } from '../../server/storage/memory-sync-storage';
import { applyBatch, readChanges, readStore } from '../../server/sync-service';
import type { CollectionName } from '../../src/domain/store/schema';
import { overlayPending, type PendingMutation, type RecordData } from '../../src/domain/sync/merge';
import type { Mutation, RemoteRecord } from '../../src/domain/sync/protocol';
import type { SyncStorage } from '../../server/storage/sync-storage';
import { slot, weekTimetable } from '../support/builders';

/**
 * Random interleavings of 2-3 devices editing, deleting and appending offline, then syncing in random
 * orders, through the real server merge (in-memory storage) and the client's re-application rule.
 */

const ORG = 'demo';
const LEVEL_IDS = ['l-0', 'l-1', 'l-2'];
const LEVEL_FIELDS = ['name', 'abbr'] as const;
const SLOT_FIELDS = ['startTime', 'moduleId', 'canceled'] as const;
const TIMES = ['08:00', '09:00', '10:00', '11:00'];

type Op =
  | { kind: 'edit'; device: number; record: number; field: number; value: number }
  | { kind: 'delete'; device: number; record: number }
  | { kind: 'append'; device: number }
  | { kind: 'slot-edit'; device: number; slot: number; field: number; value: number }
  | { kind: 'slot-add'; device: number }
  | { kind: 'sync'; device: number; batchSize: number; loseAnswer: boolean }
  | { kind: 'pull'; device: number };

interface LocalMutation extends PendingMutation {
  wire: Mutation;
}

interface Device {
  clientId: string;
  skewMs: number;
  records: Map<string, RecordData>;
  revs: Map<string, number>;
  pulled: number;
  outbox: LocalMutation[];
  counter: number;
}

const key = (collection: string, id: string) => `${collection}/${id}`;

function initialTimetable(): RecordData {
  const course = (id: string, dayOfWeek: number) =>
    slot({ id, dayOfWeek, endTime: '12:00', moduleId: 'm-0', teacherUserId: 'u-1' });
  return weekTimetable('t-1', '2026-11-16', [course('s-0', 1), course('s-1', 2), course('s-2', 3)], {
    classId: 'c-1',
    createdAt: '2026-11-15T10:00:00.000Z',
  });
}

class World {
  storage: SyncStorage = createMemorySyncStorage();
  devices: Device[];
  tick = 0;
  sentBatches: { clientId: string; mutations: Mutation[] }[] = [];
  acknowledged = new Set<string>();
  /** Per (record, field): which devices wrote it, and the value of each device's last write. */
  writes = new Map<string, Map<string, unknown>>();
  deletedByAnyone = new Set<string>();
  appended: string[] = [];

  constructor(count: number, skews: number[]) {
    this.devices = Array.from({ length: count }, (_, i) => ({
      clientId: `device-${i}`,
      skewMs: skews[i] ?? 0,
      records: new Map(),
      revs: new Map(),
      pulled: 0,
      outbox: [],
      counter: 0,
    }));
  }

  async seed(): Promise<void> {
    const mutations: Mutation[] = [
      ...LEVEL_IDS.map((id, i) => ({
        mutationId: `seed-${id}`,
        collection: 'levels' as const,
        recordId: id,
        op: 'put' as const,
        changedFields: ['name', 'abbr'],
        values: { name: `Niveau ${i}`, abbr: `N${i}` },
        baseRevision: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
      })),
      {
        mutationId: 'seed-t-1',
        collection: 'timetables',
        recordId: 't-1',
        op: 'put',
        changedFields: Object.keys(initialTimetable()),
        values: initialTimetable(),
        baseRevision: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ];
    await applyBatch(this.storage, ORG, 'seed', mutations, new Date('2026-01-01T00:00:00.000Z'));
    for (const d of this.devices) await this.pull(d);
  }

  private clock(d: Device): string {
    this.tick += 1;
    return new Date(Date.UTC(2026, 10, 16, 8) + this.tick * 1_000 + d.skewMs).toISOString();
  }

  private record(
    d: Device,
    collection: CollectionName,
    id: string,
    fields: RecordData,
    baseValues?: RecordData,
  ) {
    const k = key(collection, id);
    const before = d.records.get(k) ?? null;
    d.counter += 1;
    const wire: Mutation = {
      mutationId: `${d.clientId}-${d.counter}`,
      collection,
      recordId: id,
      op: 'put',
      changedFields: Object.keys(fields),
      values: fields,
      baseRevision: d.revs.get(k) ?? d.pulled,
      createdAt: this.clock(d),
      ...(baseValues ? { baseValues } : {}),
    };
    const local: LocalMutation = { ...wire, values: fields, wire };
    d.records.set(k, { ...(before ?? {}), ...fields, id });
    d.outbox.push(local);
    return wire.mutationId;
  }

  noteWrite(recordField: string, d: Device, value: unknown) {
    const byDevice = this.writes.get(recordField) ?? new Map<string, unknown>();
    byDevice.set(d.clientId, value);
    this.writes.set(recordField, byDevice);
  }

  async run(op: Op): Promise<void> {
    const d = this.devices[op.device % this.devices.length]!;
    switch (op.kind) {
      case 'edit': {
        const id = LEVEL_IDS[op.record % LEVEL_IDS.length]!;
        const existing = d.records.get(key('levels', id));
        if (!existing) return;
        const field = LEVEL_FIELDS[op.field % LEVEL_FIELDS.length]!;
        const value = `${field}-${d.clientId}-${op.value}`;
        this.record(d, 'levels', id, { [field]: value });
        this.noteWrite(`levels/${id}.${field}`, d, value);
        return;
      }
      case 'delete': {
        const id = LEVEL_IDS[op.record % LEVEL_IDS.length]!;
        const k = key('levels', id);
        if (!d.records.has(k)) return;
        d.counter += 1;
        const wire: Mutation = {
          mutationId: `${d.clientId}-${d.counter}`,
          collection: 'levels',
          recordId: id,
          op: 'delete',
          changedFields: [],
          baseRevision: d.revs.get(k) ?? d.pulled,
          createdAt: this.clock(d),
        };
        d.records.delete(k);
        d.outbox.push({ ...wire, wire });
        this.deletedByAnyone.add(`levels/${id}`);
        return;
      }
      case 'append': {
        d.counter += 1;
        const id = `log-${d.clientId}-${d.counter}`;
        this.record(d, 'planningLogs', id, {
          timestamp: '2026-11-16T08:00:00.000Z',
          action: 'planning-checkin',
          timetableId: 't-1',
          slotIndex: 0,
        });
        this.appended.push(id);
        return;
      }
      case 'slot-edit':
      case 'slot-add': {
        const t = d.records.get(key('timetables', 't-1'));
        if (!t) return;
        const slots = structuredClone(t.slots as RecordData[]);
        if (op.kind === 'slot-add') {
          d.counter += 1;
          slots.push({ ...structuredClone(slots[0] ?? {}), id: `slot-${d.clientId}-${d.counter}` });
        } else {
          const target = slots[op.slot % slots.length];
          if (!target) return;
          const field = SLOT_FIELDS[op.field % SLOT_FIELDS.length]!;
          const value =
            field === 'canceled'
              ? op.value % 2 === 0
              : field === 'startTime'
                ? TIMES[op.value % TIMES.length]
                : `m-${d.clientId}-${op.value}`;
          if (target[field] === value) return;
          target[field] = value;
          this.noteWrite(`slot/${String(target.id)}.${field}`, d, value);
        }
        this.record(d, 'timetables', 't-1', { slots }, { slots: t.slots });
        return;
      }
      case 'sync':
        await this.push(d, op.batchSize, op.loseAnswer);
        await this.pull(d);
        return;
      case 'pull':
        await this.pull(d);
        return;
    }
  }

  private applyRemote(d: Device, remote: RemoteRecord) {
    const k = key(remote.collection, remote.id);
    let record: RecordData | null = remote.deleted ? null : remote.data;
    for (const m of d.outbox) if (key(m.collection, m.recordId) === k) record = overlayPending(record, m);
    if (record === null) d.records.delete(k);
    else d.records.set(k, record);
    d.revs.set(k, remote.rev);
  }

  async push(d: Device, batchSize: number, loseAnswer: boolean): Promise<void> {
    while (d.outbox.length > 0) {
      const batch = d.outbox.slice(0, batchSize);
      const mutations = batch.map((m) => m.wire);
      this.sentBatches.push({ clientId: d.clientId, mutations });
      const answer = await applyBatch(this.storage, ORG, d.clientId, mutations, new Date());
      if (loseAnswer) return; // the answer never arrived: the batch stays and will be sent again
      for (const r of answer.results) this.acknowledged.add(r.mutationId);
      d.outbox = d.outbox.slice(batch.length);
      for (const r of answer.results) if (r.record) this.applyRemote(d, r.record);
    }
  }

  async pull(d: Device): Promise<void> {
    let after = { rev: d.pulled, collection: '\uffff', id: '' };
    for (;;) {
      const page = await readChanges(this.storage, ORG, after, 7);
      for (const r of page.changes) this.applyRemote(d, r);
      const last = page.changes.at(-1);
      if (page.next === null || !last) {
        d.pulled = Math.max(d.pulled, page.revision);
        return;
      }
      after = { rev: last.rev, collection: last.collection, id: last.id };
    }
  }

  async serverRecords(): Promise<Map<string, RecordData>> {
    const { store } = await readStore(this.storage, ORG);
    const out = new Map<string, RecordData>();
    for (const [collection, items] of Object.entries(store)) {
      if (!Array.isArray(items)) continue;
      for (const item of items as RecordData[]) out.set(key(collection, String(item.id)), item);
    }
    return out;
  }
}

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    device: fc.nat(2),
    record: fc.nat(2),
    field: fc.nat(1),
    value: fc.nat(3),
  }),
  fc.record({ kind: fc.constant('delete' as const), device: fc.nat(2), record: fc.nat(2) }),
  fc.record({ kind: fc.constant('append' as const), device: fc.nat(2) }),
  fc.record({
    kind: fc.constant('slot-edit' as const),
    device: fc.nat(2),
    slot: fc.nat(4),
    field: fc.nat(2),
    value: fc.nat(3),
  }),
  fc.record({ kind: fc.constant('slot-add' as const), device: fc.nat(2) }),
  fc.record({
    kind: fc.constant('sync' as const),
    device: fc.nat(2),
    batchSize: fc.integer({ min: 1, max: 4 }),
    loseAnswer: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('pull' as const), device: fc.nat(2) }),
);

const sorted = (m: Map<string, RecordData>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));

describe('sync merge, random interleavings of offline devices', () => {
  it('converges, loses no acknowledged edit to a distinct field or appended log, and ignores replays', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 3 }),
        fc.array(fc.integer({ min: -5_000, max: 5_000 }), { minLength: 3, maxLength: 3 }),
        fc.array(opArb, { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(2), { minLength: 3, maxLength: 3 }),
        async (count, skews, ops, finalOrder) => {
          const world = new World(count, skews);
          await world.seed();
          for (const op of ops) await world.run(op);
          // Everyone comes back online, in a random order, then everyone pulls.
          for (const i of [...finalOrder, 0, 1, 2]) {
            const d = world.devices[i % count]!;
            await world.push(d, 5, false);
          }
          for (const d of world.devices) await world.pull(d);

          const server = await world.serverRecords();
          for (const d of world.devices) {
            expect(d.outbox).toEqual([]);
            expect(sorted(d.records)).toEqual(sorted(server));
          }
          // Every appended log is there.
          for (const id of world.appended) expect(server.has(key('planningLogs', id))).toBe(true);
          // A field written by one device only keeps that device's last value (unless its record was deleted).
          for (const [path, byDevice] of world.writes) {
            if (byDevice.size !== 1) continue;
            const [value] = [...byDevice.values()];
            const [recordPath, field] = path.split('.') as [string, string];
            if (recordPath.startsWith('slot/')) {
              const slotId = recordPath.slice('slot/'.length);
              const slots = (server.get(key('timetables', 't-1'))?.slots ?? []) as RecordData[];
              expect(slots.find((s) => s.id === slotId)?.[field]).toEqual(value);
            } else if (!world.deletedByAnyone.has(recordPath)) {
              expect(server.get(recordPath)?.[field]).toEqual(value);
            }
          }
          // Replaying any batch ever sent changes nothing.
          const before = await readStore(world.storage, ORG);
          for (const batch of world.sentBatches) {
            const answer = await applyBatch(world.storage, ORG, batch.clientId, batch.mutations, new Date());
            expect(answer.results.every((r) => r.status === 'duplicate')).toBe(true);
          }
          expect(await readStore(world.storage, ORG)).toEqual(before);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
