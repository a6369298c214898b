import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { backupOf } from '../../server/routes/backup';
import { openBackup, openViewerStore, PAGE_BYTES } from '../../server/json-stream';
import { openStorage } from '../../server/storage/open-storage';
import { readViewerStore } from '../../server/store-read';
import { applyWholeStore, readStore } from '../../server/sync-service';
import { KIOSK_VIEWER, SYSTEM_VIEWER, viewerForUser, type Viewer } from '../../src/domain/access/viewer';
import { defaultProfiles } from '../../src/domain/defaults';
import type { StoreV1 } from '../../src/domain/store/schema';
import { sampleStore } from '../fixtures/sample-store';
import { serverBackends, testConfig } from './helpers';

/**
 * The streamed answers (server/json-stream.ts) are exactly the answers built whole before: GET /api/store
 * for every kind of viewer and part, and the backup; pages of contract files larger than a page's bytes
 * still come whole and in order.
 */
const backends = await serverBackends();

async function textOf(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

function org(): StoreV1 {
  const base = sampleStore('pbkdf2$hash');
  const teacher2 = { ...base.users[1]!, id: 'u-teacher2', email: 'fatou@ecole.sn', name: 'Fatou Sow' };
  const pdf = (n: number) =>
    Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(n, 0x20)]).toString('base64');
  // Three files of a teacher, each larger than half a page: the pages split them, one or two at a time.
  const files = [0, 1, 2].map((i) => ({
    ...base.teacherContractSubmissions[0]!,
    id: `tc-big-${i}`,
    teacherUserId: i === 2 ? 'u-teacher2' : 'u-teacher',
    attachments: [
      {
        id: `a-${i}`,
        kind: 'rib' as const,
        name: 'rib.pdf',
        contentBase64: pdf(Math.ceil(PAGE_BYTES * 0.6)),
        size: 1,
        uploadedAt: '2026-11-16T08:00:00.000Z',
      },
    ],
  }));
  return {
    ...base,
    users: [
      ...base.users,
      teacher2,
      { ...base.users[0]!, id: 'u-contrib', email: 'c@ecole.sn', profileId: 'contributeur' },
    ],
    profiles: defaultProfiles(),
    teacherContractSubmissions: [...base.teacherContractSubmissions, ...files],
  };
}

describe.each(backends)('$name: streamed store and backup answers', (backend) => {
  it('give exactly the answers built whole, for every viewer and part', async () => {
    const db = await backend.fresh();
    const storage = await openStorage(testConfig({ dataFile: db.file, databaseUrl: db.databaseUrl }));
    try {
      const data = org();
      const written = await applyWholeStore(storage, 'demo', data, null, new Date('2026-11-16T08:00:00Z'));
      expect(written.ok).toBe(true);
      const user = (id: string) => data.users.find((u) => u.id === id)!;
      const viewers: [string, Viewer][] = [
        ['super admin', viewerForUser(user('u-admin'), data.profiles, 'password')],
        ['teacher', viewerForUser(user('u-teacher'), data.profiles, 'password')],
        ['teacher in PIN mode', viewerForUser(user('u-teacher2'), data.profiles, 'pin')],
        ['contributor', viewerForUser(user('u-contrib'), data.profiles, 'password')],
        ['kiosk', KIOSK_VIEWER],
        ['server', SYSTEM_VIEWER],
      ];
      for (const [role, viewer] of viewers) {
        for (const part of [undefined, 'first', 'journals'] as const) {
          const whole = await readViewerStore(storage, 'demo', viewer, part);
          const streamed = await openViewerStore(storage, 'demo', viewer, part);
          expect(streamed.revision, `${role} ${part}`).toBe(whole.revision);
          expect(JSON.parse(await textOf(streamed.body)), `${role} ${part}`).toEqual(whole.store);
        }
      }
      const admin = JSON.parse(
        await textOf((await openViewerStore(storage, 'demo', viewers[0]![1])).body),
      ) as StoreV1;
      expect(admin.teacherContractSubmissions.map((s) => s.id)).toEqual(
        data.teacherContractSubmissions.map((s) => s.id).sort(),
      );
      const backup = await openBackup(storage, 'demo');
      const built = await readStore(storage, 'demo');
      expect(backup.revision).toBe(built.revision);
      expect(JSON.parse(await textOf(backup.body))).toEqual(backupOf(built.store));
    } finally {
      await storage.close();
      await db.cleanup();
    }
  }, 120_000);
});
