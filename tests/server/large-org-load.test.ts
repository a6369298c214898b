import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultProfiles } from '../../src/domain/defaults';
import type { StoreV1 } from '../../src/domain/store/schema';
import type { ChangesResponse, Mutation } from '../../src/domain/sync/protocol';
import { putMutation } from '../support/builders';
import {
  api,
  serverBackends,
  SETUP_CODE_HEADERS,
  signIn,
  TEST_SETUP_CODE,
  type TestDatabase,
} from './helpers';

/**
 * Issue 29: an organisation holding 200 MB of attachments (17 teachers, each a complete contract file of
 * four 3,000,000-byte pieces, within the per-teacher limits) loads on a new device: the whole store in its
 * two parts, the backup and the change feed from the start, each parsed as JSON. The server runs in its
 * own process with a V8 heap of 192 MB at most (the answer is 272 MB: building it whole, as before, needs
 * the records and one string of the whole answer at once), so its memory is its own: the peak resident size
 * during the load (VmHWM, reset before) is printed with the load times beside the same load of a small
 * organisation on the same server (reference), and stays below the size of the answer.
 */
const backends = await serverBackends();
const TEACHERS = 17;
const PIECE_BYTES = 3_000_000;
const MB = 1_000_000;
/** The server process's V8 heap limit (MB), far below the answers it serves. */
const HEAP_MB = 192;

const TEACHER_PROFILE = {
  id: 'vacataire',
  name: 'Vacataire',
  moduleIds: ['teacher', 'teacher.today', 'teacher.planning', 'teacher.contract'],
  formFieldKeys: ['firstName', 'lastName', 'email'],
};
const ADMIN = { email: 'root@ecole.test', password: 'Racine@2026!' };
const teacher = (i: number) => ({ id: `u-t${i}`, email: `t${i}@ecole.test`, password: `Prof${i}@2026!` });

async function startServer(db: TestDatabase, port: number): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  // A V8 heap of HEAP_MB at most: holding a 272 MB answer (or its records) at once would end the process.
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', 'server/main.ts'],
    {
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_FILE: db.file,
        STATIC_DIR: '',
        SETUP_CODE: TEST_SETUP_CODE,
        ORG_STORAGE_QUOTA_BYTES: String(1_000 * MB),
        ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      },
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Resident memory of a process, from /proc: now and the peak since the last reset (kB → MB). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: (kb('VmRSS') * 1024) / MB, peak: (kb('VmHWM') * 1024) / MB };
}
/** Resets the peak resident size (VmHWM) of our own child process. */
const resetPeak = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

/** A new organisation as its first device creates it: an administrator and the teachers (clear passwords). */
async function seed(base: string, orgId: string, teachers: number): Promise<void> {
  const users = [
    { id: 'u-root', name: 'Admin', email: ADMIN.email, password: ADMIN.password, profileId: 'super-admin' },
    ...Array.from({ length: teachers }, (_, i) => ({
      id: teacher(i).id,
      name: `Enseignant ${i}`,
      email: teacher(i).email,
      password: teacher(i).password,
      profileId: 'vacataire',
    })),
  ].map((u) => ({ ...u, status: 'Active', mustChangePassword: false }));
  const response = await api(`${base}/api/store?orgId=${orgId}`, null, {
    method: 'PUT',
    headers: SETUP_CODE_HEADERS,
    body: { users, profiles: [...defaultProfiles(), TEACHER_PROFILE] },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A PDF of random bytes (incompressible, as real scans are), base64. */
const pdf = (size: number) => {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return bytes.toString('base64');
};

/** Each teacher sends her complete file from her own session, as her device does. */
async function pushFiles(base: string, orgId: string, teachers: number, pieces: number, size: number) {
  for (let i = 0; i < teachers; i += 1) {
    const who = teacher(i);
    const cookie = await signIn(base, orgId, who.email, who.password);
    const attachments = Array.from({ length: pieces }, (_, n) => ({
      id: `p-${i}-${n}`,
      kind: (['rib', 'id', 'attestation', 'attestation'] as const)[n % 4],
      name: `piece-${n}.pdf`,
      contentBase64: pdf(size),
      size,
      uploadedAt: '2026-11-20T10:00:00.000Z',
    }));
    const mutation: Mutation = putMutation({
      collection: 'teacherContractSubmissions',
      recordId: `tc-${i}`,
      createdAt: new Date().toISOString(),
      values: { id: `tc-${i}`, teacherUserId: who.id, status: 'submitted', attachments },
    });
    const response = await api(`${base}/api/mutations?orgId=${orgId}`, cookie, {
      method: 'POST',
      body: { clientId: `device-${i}`, mutations: [mutation] },
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }
}

interface Figures {
  org: string;
  attachmentsMB: number;
  answerMB: number;
  storeMs: number;
  backupMs: number;
  changesMs: number;
  changePages: number;
  rssBeforeMB: number;
  peakMB: number;
}

/** What a new device does (both parts of the store), then the backup and the whole change feed. */
async function load(
  base: string,
  orgId: string,
  pid: number,
  files: number,
  pieces: number,
): Promise<Figures> {
  const cookie = await signIn(base, orgId, ADMIN.email, ADMIN.password);
  const get = async (path: string) => {
    // Uncompressed, as measured (a browser that accepts brotli gets it compressed as it is sent).
    const response = await api(`${base}${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`, cookie, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.status, path).toBe(200);
    const text = await response.text();
    return { text, json: JSON.parse(text) as unknown };
  };
  const rssBefore = memoryOf(pid).rss;
  resetPeak(pid);
  let t = performance.now();
  const first = await get('/api/store?part=first');
  const journals = await get('/api/store?part=journals');
  const storeMs = performance.now() - t;
  const store = first.json as StoreV1;
  expect(store.teacherContractSubmissions).toHaveLength(files);
  expect(store.teacherContractSubmissions.every((f) => f.attachments.length === pieces)).toBe(true);
  expect((journals.json as StoreV1).teacherContractSubmissions).toEqual([]);
  const answerBytes = Buffer.byteLength(first.text) + Buffer.byteLength(journals.text);

  t = performance.now();
  const backup = (await get('/api/backup')).json as StoreV1;
  const backupMs = performance.now() - t;
  expect(backup.teacherContractSubmissions).toHaveLength(files);

  t = performance.now();
  let pages = 0;
  const seen = new Set<string>();
  let path = '/api/changes?since=0';
  for (;;) {
    const page = (await get(path)).json as ChangesResponse;
    pages += 1;
    for (const c of page.changes) if (c.collection === 'teacherContractSubmissions') seen.add(c.id);
    if (page.next === null) break;
    path = `/api/changes?cursor=${encodeURIComponent(page.next)}`;
  }
  const changesMs = performance.now() - t;
  expect(seen.size).toBe(files);
  const attachments = store.teacherContractSubmissions.reduce(
    (sum, f) => sum + f.attachments.reduce((s, a) => s + a.size, 0),
    0,
  );
  return {
    org: orgId,
    attachmentsMB: attachments / MB,
    answerMB: answerBytes / MB,
    storeMs,
    backupMs,
    changesMs,
    changePages: pages,
    rssBeforeMB: rssBefore,
    peakMB: memoryOf(pid).peak,
  };
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

describe.each(backends)('$name: an organisation with 200 MB of attachments', (backend) => {
  it('loads on a new device (store, backup, changes) with the server’s memory bounded', async () => {
    const db = await backend.fresh();
    const port = 4405 + 100 + (backend.name === 'postgres' ? 1 : 0);
    const child = await startServer(db, port);
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    try {
      const pid = child.pid;
      if (pid === undefined) throw new Error('no server process');
      await seed(base, 'petite', 1);
      await pushFiles(base, 'petite', 1, 1, 1_000_000);
      await seed(base, 'grande', TEACHERS);
      await pushFiles(base, 'grande', TEACHERS, 4, PIECE_BYTES);
      // The reference first (a small organisation on the same server, same run), then the large one.
      const small = await load(base, 'petite', pid, 1, 1);
      const large = await load(base, 'grande', pid, TEACHERS, 4);
      const row = (f: Figures) =>
        [
          f.org.padEnd(7),
          `${f.attachmentsMB.toFixed(1)} MB of pieces`,
          `store answer ${f.answerMB.toFixed(1)} MB in ${Math.round(f.storeMs)} ms`,
          `backup ${Math.round(f.backupMs)} ms`,
          `changes ${Math.round(f.changesMs)} ms (${f.changePages} pages)`,
          `server RSS ${f.rssBeforeMB.toFixed(0)} MB before, peak ${f.peakMB.toFixed(0)} MB`,
        ].join(' | ');
      console.log(`[${backend.name}] ${row(small)}\n[${backend.name}] ${row(large)}`);
      fs.writeFileSync(
        `/tmp/large-org-load-${backend.name}.json`,
        JSON.stringify({ backend: backend.name, small, large }, null, 2),
      );
      expect(large.attachmentsMB).toBeGreaterThanOrEqual(200);
      // The answer is never held whole: served under a heap smaller than it, the peak grows by less than it.
      expect(large.answerMB).toBeGreaterThan(HEAP_MB);
      expect(large.peakMB - large.rssBeforeMB).toBeLessThan(large.answerMB);
    } finally {
      child.kill();
      await db.cleanup();
    }
  }, 900_000);
});
