/**
 * Live follow-up delay: from the moment a device pushes a check-in (POST /api/mutations) to the moment
 * another device's open stream (GET /api/live, what the administrator's EventSource holds) hears the new
 * revision. 50 check-ins one after the other, p50 and p95, on SQLite (one server) and on two servers sharing
 * PostgreSQL (pushed to one, heard on the other: LISTEN/NOTIFY). Run:
 *   node --import tsx bench/live-delay.ts
 * PostgreSQL from TEST_DATABASE_URL or the local default of the server tests (TEST_DATABASE_URL=off: SQLite
 * only); LIVE_BENCH_COUNT changes the number of check-ins. Servers are real `server/main.ts` processes.
 */
import type { ChildProcess } from 'node:child_process';
import { defaultProfiles } from '../src/domain/defaults';
import { LIVE_DEBOUNCE_MS, PUSH_DEBOUNCE_MS } from '../src/sync/engine';
import {
  serverBackends,
  SETUP_CODE_HEADERS,
  startServerProcess,
  stopProcess,
  type TestDatabase,
} from '../tests/server/helpers';

const COUNT = Number(process.env.LIVE_BENCH_COUNT ?? 50);
const ORG = 'live-bench';

function today(): { date: string; isoDay: number; monday: string } {
  const now = new Date();
  const isoDay = ((now.getUTCDay() + 6) % 7) + 1;
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (isoDay - 1)));
  return { date: now.toISOString().slice(0, 10), isoDay, monday: monday.toISOString().slice(0, 10) };
}

/** A teacher with a course spanning today (check-in open now), and an administrator following. */
async function seed(base: string): Promise<{ teacher: string; admin: string }> {
  const { isoDay, monday } = today();
  const store = {
    users: [
      {
        id: 'u-admin',
        name: 'Awa Diop',
        email: 'awa@ecole.sn',
        profileId: 'super-admin',
        status: 'Active',
        password: 'Admin@2026',
        mustChangePassword: false,
      },
      {
        id: 'u-teacher',
        name: 'Moussa Fall',
        email: 'moussa@ecole.sn',
        profileId: 'teacher',
        status: 'Active',
        password: 'Prof@2026',
        mustChangePassword: false,
      },
    ],
    profiles: defaultProfiles(),
    timetables: [
      {
        id: 't-1',
        periodicity: 'week',
        year: Number(monday.slice(0, 4)),
        weekStartDate: monday,
        classId: 'c-1',
        createdAt: '2026-01-01T00:00:00.000Z',
        slots: Array.from({ length: COUNT }, (_, i) => ({
          id: `s-${i}`,
          dayOfWeek: isoDay,
          startTime: '00:00',
          endTime: '23:59',
          moduleId: `m-${i}`,
          teacherUserId: 'u-teacher',
          deliveryMode: 'presentiel',
          canceled: false,
        })),
      },
    ],
  };
  const put = await fetch(`${base}/api/store?orgId=${ORG}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...SETUP_CODE_HEADERS },
    body: JSON.stringify(store),
  });
  if (!put.ok) throw new Error(`seed: ${put.status} ${await put.text()}`);
  const signIn = async (email: string, password: string) => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orgId: ORG, email, password, remember: true }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    if (!login.ok || !cookie.startsWith('sid=')) throw new Error(`sign-in ${email}: ${login.status}`);
    return cookie;
  };
  return {
    teacher: await signIn('moussa@ecole.sn', 'Prof@2026'),
    admin: await signIn('awa@ecole.sn', 'Admin@2026'),
  };
}

/** A check-in as the device pushes it: the planning log and its notification, in one batch. */
function checkIn(i: number): string {
  const at = new Date().toISOString();
  const id = `live-${Date.now()}-${i}`;
  const common = { op: 'put', baseRevision: 0, createdAt: at };
  return JSON.stringify({
    clientId: 'bench-teacher',
    mutations: [
      {
        ...common,
        mutationId: `${id}-log`,
        collection: 'planningLogs',
        recordId: `${id}-log`,
        changedFields: [
          'id',
          'timestamp',
          'action',
          'actorUserId',
          'actorUserName',
          'teacherUserId',
          'timetableId',
          'slotIndex',
        ],
        values: {
          id: `${id}-log`,
          timestamp: at,
          action: 'planning-checkin',
          actorUserId: 'u-teacher',
          actorUserName: 'Moussa Fall',
          teacherUserId: 'u-teacher',
          timetableId: 't-1',
          slotIndex: i,
        },
      },
      {
        ...common,
        mutationId: `${id}-notif`,
        collection: 'notifications',
        recordId: `${id}-notif`,
        changedFields: ['id', 'kind', 'createdAt', 'timetableId', 'slotIndex', 'teacherUserId', 'read'],
        values: {
          id: `${id}-notif`,
          kind: 'checkin',
          createdAt: at,
          timetableId: 't-1',
          slotIndex: i,
          teacherUserId: 'u-teacher',
          read: false,
        },
      },
    ],
  });
}

/** The administrator's stream: when each revision was heard (performance.now()). */
async function listen(
  base: string,
  cookie: string,
): Promise<{ heard: Map<number, number>; close: () => void }> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/live?orgId=${ORG}`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`live: ${response.status}`);
  const heard = new Map<number, number>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const data = /^event: revision\ndata: (.*)$/m.exec(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          if (data?.[1]) heard.set((JSON.parse(data[1]) as { revision: number }).revision, performance.now());
        }
      }
    } catch {
      // closed at the end of the run
    }
  })();
  return { heard, close: () => controller.abort() };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function measure(scenario: string, pushTo: string, listenOn: string): Promise<string> {
  const { teacher, admin } = await seed(pushTo);
  const stream = await listen(listenOn, admin);
  // The first stream of a server opens its LISTEN connection (PostgreSQL): one warm-up check-in.
  await fetch(`${pushTo}/api/mutations?orgId=${ORG}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: teacher },
    body: checkIn(COUNT + 1),
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const delays: number[] = [];
  const pulls: number[] = [];
  let since = 0;
  for (let i = 0; i < COUNT; i += 1) {
    const sentAt = performance.now();
    const response = await fetch(`${pushTo}/api/mutations?orgId=${ORG}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: teacher },
      body: checkIn(i),
    });
    const { revision, results } = (await response.json()) as {
      revision: number;
      results: { status: string; reason?: string }[];
    };
    if (!response.ok || results.some((r) => r.status === 'rejected'))
      throw new Error(`check-in ${i} refused: ${JSON.stringify(results)}`);
    const deadline = performance.now() + 5_000;
    while (!stream.heard.has(revision) && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 1));
    const heardAt = stream.heard.get(revision);
    if (heardAt === undefined) throw new Error(`revision ${revision} never heard`);
    delays.push(heardAt - sentAt);
    // What the administrator's device does on the event: pull the change (GET /api/changes, as the engine's
    // live pull), from the server holding its stream. The check-in is then on its device.
    const pulled = await fetch(`${listenOn}/api/changes?orgId=${ORG}&since=${since}`, {
      headers: { cookie: admin },
    });
    const page = (await pulled.json()) as { changes?: { collection: string }[]; revision?: number };
    if (!pulled.ok || !page.changes?.some((c) => c.collection === 'planningLogs'))
      throw new Error(`pull ${i}: ${pulled.status}`);
    pulls.push(performance.now() - sentAt);
    since = revision;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  stream.close();
  const sorted = [...delays].sort((a, b) => a - b);
  const pulledSorted = [...pulls].sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(1)} ms`;
  const stats = (list: number[]) =>
    `p50 ${f(percentile(list, 50))}  p95 ${f(percentile(list, 95))}  max ${f(list.at(-1) ?? NaN)}`;
  return [
    `${scenario.padEnd(34)} n=${COUNT}  event heard:        ${stats(sorted)}`,
    `${''.padEnd(34)}        change on admin device: ${stats(pulledSorted)}`,
  ].join('\n  ');
}

async function main(): Promise<void> {
  const lines: string[] = [];
  const port = 30_000 + Math.floor(Math.random() * 10_000);
  for (const backend of await serverBackends()) {
    const db: TestDatabase = await backend.fresh();
    const children: ChildProcess[] = [];
    try {
      if (backend.name === 'sqlite') {
        children.push(await startServerProcess(db, port));
        const url = `http://127.0.0.1:${port}`;
        lines.push(await measure('SQLite, one server', url, url));
      } else {
        children.push(
          ...(await Promise.all([startServerProcess(db, port + 1), startServerProcess(db, port + 2)])),
        );
        lines.push(
          await measure(
            'PostgreSQL, push on A, stream on B',
            `http://127.0.0.1:${port + 1}`,
            `http://127.0.0.1:${port + 2}`,
          ),
        );
      }
    } finally {
      await Promise.all(children.map((c) => stopProcess(c)));
      await db.cleanup();
    }
  }
  console.log(
    "Delay from a check-in push to the event on another client's live stream (GET /api/live), and to the change\n" +
      'pulled by that client (GET /api/changes, as the engine does on the event). On a phone add the push debounce\n' +
      `(${PUSH_DEBOUNCE_MS} ms), the live debounce (${LIVE_DEBOUNCE_MS} ms), the IndexedDB write and the render:`,
  );
  for (const line of lines) console.log(`  ${line}`);
}

await main();
