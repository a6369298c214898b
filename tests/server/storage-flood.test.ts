import { describe, expect, it } from 'vitest';
import { readStore } from '../../server/sync-service';
import type { StoreV1, TeacherContractSubmission } from '../../src/domain/store/schema';
import type { ChangesResponse, Mutation, PushResponse } from '../../src/domain/sync/protocol';
import { mutationNow as mutation, person as schoolPerson, type Credentials } from '../support/builders';
import {
  api,
  pushAccepted,
  pushChanges,
  seedOrg,
  serverBackends,
  signInAs as signInTo,
  storeOf,
  useTestDb,
  type RunningServer,
  type SignInAs,
} from './helpers';

/**
 * Issue 29, "Three teachers make the administrator's store unloadable": each attack over HTTP, on every
 * storage engine, failing on the code before the storage limits (write budget per session, no count limit
 * nor quota, no delete path, answers built as one string).
 */
const backends = await serverBackends();
const ORG = 'ecole-stockage';

const TEACHER_PROFILE = {
  id: 'vacataire',
  name: 'Vacataire',
  moduleIds: ['teacher', 'teacher.today', 'teacher.planning', 'teacher.contract'],
  formFieldKeys: ['firstName', 'lastName', 'email'],
};
/** A compliance reviewer (Fiche d'identification) and nothing else. */
const REVIEWER_PROFILE = {
  id: 'conformite',
  name: 'Conformité',
  moduleIds: ['contracts', 'contracts.compliance'],
  formFieldKeys: ['email'],
};
const T1 = { id: 'u-t1', email: 'moussa@ecole.sn', password: 'Moussa@2026' } as const;
const T2 = { id: 'u-t2', email: 'fatou@ecole.sn', password: 'Fatou@2026' } as const;
const T3 = { id: 'u-t3', email: 'ibou@ecole.sn', password: 'Ibou@2026' } as const;
const REVIEWER = { id: 'u-rev', email: 'khady@ecole.sn', password: 'Khady@2026' } as const;

async function orgData(): Promise<Partial<StoreV1>> {
  const person = (who: Credentials, profileId: string) =>
    schoolPerson(who, profileId, { name: who.email.split('@')[0] ?? who.id });
  return {
    profiles: [TEACHER_PROFILE, REVIEWER_PROFILE],
    users: [
      await person(T1, 'vacataire'),
      await person(T2, 'vacataire'),
      await person(T3, 'vacataire'),
      await person(REVIEWER, 'conformite'),
    ],
  };
}

let server: RunningServer;
let admin: string;

const url = (path: string) => `${server.url}${path}${path.includes('?') ? '&' : '?'}orgId=${ORG}`;
const signInAs = (who: SignInAs) => signInTo(server.url, ORG, who);
const pushRaw = (cookie: string, mutations: Mutation[]) =>
  pushChanges(server.url, ORG, cookie, mutations, { clientId: 'device-1' });
const push = (cookie: string, mutations: Mutation[]): Promise<PushResponse> =>
  pushAccepted(server.url, ORG, cookie, mutations, { clientId: 'device-1' });
const truth = () => storeOf(server, ORG);
const revision = async () => (await readStore(server.storage, ORG)).revision;

/** A PDF of exactly `size` bytes, base64 (the server checks pieces by their bytes). */
const pdf = (size: number, fill = 0x20) => {
  const bytes = Buffer.alloc(size, fill);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return bytes.toString('base64');
};
const piece = (id: string, size: number, kind: 'id' | 'rib' | 'attestation' = 'attestation') => ({
  id,
  kind,
  name: `${id}.pdf`,
  contentBase64: pdf(size),
  size,
  uploadedAt: '2026-11-20T10:00:00.000Z',
});
/** A contract file of a teacher, written whole. */
const file = (
  id: string,
  teacherUserId: string,
  pieces: ReturnType<typeof piece>[],
  status: TeacherContractSubmission['status'] = 'draft',
) =>
  mutation({
    collection: 'teacherContractSubmissions',
    recordId: id,
    values: { id, teacherUserId, status, attachments: pieces } satisfies Partial<TeacherContractSubmission>,
  });
const deletion = async (id: string) =>
  mutation({
    collection: 'teacherContractSubmissions',
    recordId: id,
    op: 'delete',
    baseRevision: await revision(),
  });

/** Waits for a fresh minute when less than 20 s of this one are left (one budget window per test). */
async function startOfAMinute() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe.each(backends)('$name: storage the school controls (issue 29)', (backend) => {
  // Each test starts the server with its own write budget or limits.
  const db = useTestDb(backend, {}, { deferStart: true });

  async function start(overrides: Parameters<typeof db.startWith>[0] = {}) {
    server = await db.startWith(overrides);
    ({ cookie: admin } = await seedOrg(server.url, ORG, await orgData()));
  }

  it('many sessions of one account share one write budget (a flood from new sessions is refused 429)', async () => {
    await start({ writeBudget: { bytesPerMinute: 1024 * 1024, mutationsPerMinute: 6_000 } });
    await startOfAMinute();
    // Five sessions of the same teacher, as the attacker opened them (ten per address every five minutes).
    const sessions = [];
    for (let i = 0; i < 5; i += 1) sessions.push(await signInAs(T1));
    const statuses: number[] = [];
    for (const [i, cookie] of sessions.entries())
      statuses.push((await pushRaw(cookie, [file('tc-t1', T1.id, [piece(`p-${i}`, 300_000)])])).status);
    // ~400 KB a push against 1 MiB a minute for the account: the third is over, whichever session sends it.
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses.slice(2)).toEqual([429, 429, 429]);
    const refused = await pushRaw(sessions[4]!, [file('tc-t1', T1.id, [piece('p-9', 1_000)])]);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Trop de modifications/);
    // Another teacher's account keeps its own allowance.
    expect((await pushRaw(await signInAs(T2), [file('tc-t2', T2.id, [piece('q', 300_000)])])).status).toBe(
      200,
    );
  }, 120_000);

  it('a teacher holds at most 3 contract files and 15,000,000 bytes of pieces (413 in French), a real file fits', async () => {
    await start();
    const t1 = await signInAs(T1);
    // A real file: a RIB, an identity document, a diploma and a CV of 3,000,000 bytes each, in one record.
    const real = await push(t1, [
      file('tc-1', T1.id, [
        piece('rib', 3_000_000, 'rib'),
        piece('cni', 3_000_000, 'id'),
        piece('diplome', 3_000_000),
        piece('cv', 3_000_000),
      ]),
    ]);
    expect(real.results[0]?.status).toBe('applied');
    // A fifth piece in a second file: 15,000,000 bytes in all, exactly the limit.
    expect((await push(t1, [file('tc-2', T1.id, [piece('p5', 3_000_000)])])).results[0]?.status).toBe(
      'applied',
    );
    const before = await revision();
    const over = await pushRaw(t1, [file('tc-2', T1.id, [piece('p5', 3_000_000), piece('p6', 100)])]);
    expect(over.status).toBe(413);
    const overBody = (await over.json()) as { error: string; message: string; mutationId?: string };
    expect(overBody.error).toBe('bytes-per-teacher');
    expect(overBody.message).toMatch(/pièces jointes de cet enseignant dépassent 15 Mo/);
    expect(await revision()).toBe(before);
    // The third file is allowed (empty), a fourth is refused, nothing of its batch written.
    expect((await push(t1, [file('tc-3', T1.id, [])])).results[0]?.status).toBe('applied');
    const fourth = file('tc-4', T1.id, []);
    const refused = await pushRaw(t1, [fourth]);
    expect(refused.status).toBe(413);
    const body = (await refused.json()) as { error: string; message: string; mutationId: string };
    expect(body).toMatchObject({ error: 'files-per-teacher', mutationId: fourth.mutationId });
    expect(body.message).toMatch(/Trop de dossiers contractuels/);
    expect((await truth()).teacherContractSubmissions.map((f) => f.id)).toEqual(['tc-1', 'tc-2', 'tc-3']);
    // Her own unvalidated file can be deleted, which makes room again.
    expect((await push(t1, [await deletion('tc-3')])).results[0]?.status).toBe('applied');
    expect((await push(t1, [file('tc-4', T1.id, [])])).results[0]?.status).toBe('applied');
    // A validated file stays: neither she nor a reviewer deletes it.
    const reviewer = await signInAs(REVIEWER);
    const validated = await push(reviewer, [
      mutation({
        collection: 'teacherContractSubmissions',
        recordId: 'tc-4',
        baseRevision: await revision(),
        values: {
          status: 'validated',
          validatedByUserId: REVIEWER.id,
          validatedAt: new Date().toISOString(),
        },
      }),
    ]);
    expect(validated.results[0]?.status).toBe('applied');
    for (const cookie of [t1, reviewer]) {
      const kept = await push(cookie, [await deletion('tc-4')]);
      expect(kept.results[0]).toMatchObject({ status: 'rejected', reason: 'forbidden', detail: 'read-only' });
    }
    // Another teacher cannot delete hers.
    const t2 = await signInAs(T2);
    expect((await push(t2, [await deletion('tc-2')])).results[0]).toMatchObject({ status: 'rejected' });
  }, 180_000);

  it('the organisation quota answers 507 in French; a reviewer deletes files and pieces to make room', async () => {
    // 9,000,000 stored bytes: two files of a 3,000,000-byte piece (4,000,000 bytes as base64) fit, not three.
    await start({
      contractStorage: {
        filesPerTeacher: 3,
        attachmentBytesPerTeacher: 15_000_000,
        orgQuotaBytes: 9_000_000,
      },
    });
    const [t1, t2, t3] = [await signInAs(T1), await signInAs(T2), await signInAs(T3)];
    expect((await push(t1, [file('tc-t1', T1.id, [piece('a', 3_000_000)])])).results[0]?.status).toBe(
      'applied',
    );
    expect(
      (await push(t2, [file('tc-t2', T2.id, [piece('b', 3_000_000), piece('b2', 200_000)])])).results[0]
        ?.status,
    ).toBe('applied');
    const before = await revision();
    const full = await pushRaw(t3, [file('tc-t3', T3.id, [piece('c', 3_000_000)])]);
    expect(full.status).toBe(507);
    const body = (await full.json()) as { error: string; message: string };
    expect(body.error).toBe('org-quota');
    expect(body.message).toMatch(
      /espace de stockage des dossiers contractuels de l’établissement est plein \(9 Mo\)/,
    );
    expect(await revision()).toBe(before);
    // A teacher cannot delete a colleague's file; the compliance reviewer can, and remove a piece of another.
    expect((await push(t3, [await deletion('tc-t1')])).results[0]).toMatchObject({ status: 'rejected' });
    const reviewer = await signInAs(REVIEWER);
    expect((await push(reviewer, [await deletion('tc-t1')])).results[0]?.status).toBe('applied');
    const current = (await truth()).teacherContractSubmissions.find((f) => f.id === 'tc-t2');
    const removed = await push(reviewer, [
      mutation({
        collection: 'teacherContractSubmissions',
        recordId: 'tc-t2',
        baseRevision: await revision(),
        values: { attachments: current?.attachments.filter((a) => a.id !== 'b2') },
      }),
    ]);
    expect(removed.results[0]?.status).toBe('applied');
    // The reviewer only takes pieces out: adding one, or changing the teacher's fields, is refused.
    const added = await push(reviewer, [
      mutation({
        collection: 'teacherContractSubmissions',
        recordId: 'tc-t2',
        baseRevision: await revision(),
        values: { attachments: [...(current?.attachments ?? []), piece('x', 100)] },
      }),
    ]);
    expect(added.results[0]).toMatchObject({ status: 'rejected', reason: 'forbidden' });
    // Room again: the third teacher's file goes in.
    expect((await push(t3, [file('tc-t3', T3.id, [piece('c', 3_000_000)])])).results[0]?.status).toBe(
      'applied',
    );
    expect((await truth()).teacherContractSubmissions.map((f) => f.id)).toEqual(['tc-t2', 'tc-t3']);
  }, 180_000);

  it('a large store is streamed and the change feed pages by bytes, so every answer loads', async () => {
    await start();
    // Three teachers' files of 9,000,000 bytes of pieces each: 36 MB as stored.
    for (const [i, who] of [T1, T2, T3].entries()) {
      const cookie = await signInAs(who);
      const pieces = [0, 1, 2].map((n) => piece(`p-${i}-${n}`, 3_000_000));
      expect((await push(cookie, [file(`tc-${i}`, who.id, pieces)])).results[0]?.status).toBe('applied');
    }
    // The whole store, both parts and the backup arrive as a stream (no Content-Length: never one string)
    // and parse as one document each.
    for (const path of ['/api/store', '/api/store?part=first', '/api/backup']) {
      const response = await api(url(path), admin);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-length'), path).toBeNull();
      expect(response.headers.get('transfer-encoding'), path).toBe('chunked');
      const store = JSON.parse(await response.text()) as StoreV1;
      expect(
        store.teacherContractSubmissions.map((f) => f.attachments.length),
        path,
      ).toEqual([3, 3, 3]);
    }
    // The default page of the change feed (500 records) stops after 16 MiB of data: a device follows `next`.
    let page = (await (await api(url('/api/changes?since=0'), admin)).json()) as ChangesResponse;
    expect(page.next).not.toBeNull();
    const files = new Set<string>();
    let pages = 1;
    for (;;) {
      for (const change of page.changes)
        if (change.collection === 'teacherContractSubmissions') files.add(change.id);
      if (page.next === null) break;
      const next = await api(url(`/api/changes?cursor=${encodeURIComponent(page.next)}`), admin);
      expect(next.status).toBe(200);
      page = (await next.json()) as ChangesResponse;
      pages += 1;
    }
    expect(pages).toBeGreaterThanOrEqual(3);
    expect([...files].sort()).toEqual(['tc-0', 'tc-1', 'tc-2']);
  }, 180_000);
});
