import { beforeEach, describe, expect, it } from 'vitest';
import { readStore } from '../../server/sync-service';
import { closureId } from '../../src/domain/payroll/closing';
import type { StoreV1 } from '../../src/domain/store/schema';
import type { Mutation, MutationResult } from '../../src/domain/sync/protocol';
import { mutationNow, teacher } from '../support/builders';
import {
  api,
  enrolKiosk,
  pushChanges,
  pushOne as pushOneTo,
  ROOT_ADMIN,
  serverBackends,
  signInAs,
  storeOf,
  useSeededOrg,
  type RunningServer,
} from './helpers';

/**
 * Issue 32, a teacher's answer to her payroll statement (collection statementAcks), over real HTTP on every
 * storage engine: she validates or disputes her own statement of a closed month; the server writes when and
 * who, whatever the device sent; nobody answers for someone else, a kiosk or an anonymous request never; an
 * open month cannot be answered; the administrator following the hours sees every answer, another teacher none.
 */
const backends = await serverBackends();
const ORG = 'ecole-etat-heures';
const FATOU = {
  id: 'u-fatou',
  name: 'Fatou Ndiaye',
  email: 'fatou@ecole.sn',
  password: 'Fatou@2026',
} as const;
const MOUSSA = {
  id: 'u-moussa',
  name: 'Moussa Fall',
  email: 'moussa@ecole.sn',
  password: 'Moussa@2026',
} as const;
const NOW = new Date('2026-12-03T10:00:00.000Z');

const person = (p: typeof FATOU | typeof MOUSSA) => teacher(p, { name: p.name });

async function orgData(): Promise<Partial<StoreV1>> {
  return {
    users: [await person(FATOU), await person(MOUSSA)],
    // November 2026 is closed for the organisation; October was closed then reopened.
    monthClosures: [
      {
        id: closureId('2026-11', null),
        month: '2026-11',
        instituteId: null,
        status: 'closed',
        closedAt: '2026-12-01T08:00:00.000Z',
        closedByUserId: ROOT_ADMIN.id,
        history: [],
      },
      {
        id: closureId('2026-10', null),
        month: '2026-10',
        instituteId: null,
        status: 'reopened',
        closedAt: '2026-11-01T08:00:00.000Z',
        closedByUserId: ROOT_ADMIN.id,
        history: [],
      },
    ],
  };
}

let server: RunningServer;
let root: string;
const url = (path: string) => `${server.url}${path}?orgId=${ORG}`;

function ack(id: string, values: Record<string, unknown>): Mutation {
  const record = {
    id,
    teacherUserId: FATOU.id,
    month: '2026-11',
    decision: 'acknowledged',
    comment: null,
    paidMin: 600,
    amount: 60000,
    // What a device claims: the server replaces it.
    at: '2020-01-01T00:00:00.000Z',
    actorUserId: MOUSSA.id,
    actorUserName: 'Quelqu’un d’autre',
    ...values,
  };
  return mutationNow({ collection: 'statementAcks', recordId: id, values: record });
}

const push = (cookie: string | null, m: Mutation): Promise<Response> =>
  pushChanges(server.url, ORG, cookie, [m]);
const pushOne = (cookie: string, m: Mutation): Promise<MutationResult> =>
  pushOneTo(server.url, ORG, cookie, m);

const refused = (detail: string): unknown =>
  expect.objectContaining({ status: 'rejected', reason: 'forbidden', detail });
const storedAcks = async () => (await storeOf(server, ORG)).statementAcks;

async function received(cookie: string): Promise<string[]> {
  const response = await api(url('/api/store'), cookie);
  expect(response.status).toBe(200);
  const store = (await response.json()) as StoreV1;
  return (store.statementAcks ?? []).map((a) => a.id).sort();
}

describe.each(backends)('$name: answers to payroll statements', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData, now: NOW });
  beforeEach(() => {
    ({ server, root } = org);
  });

  it('a teacher validates her own statement; the server stamps when and who', async () => {
    const fatou = await signInAs(server.url, ORG, FATOU);
    expect((await pushOne(fatou, ack('ack-1', {}))).status).toBe('applied');
    const [stored] = await storedAcks();
    expect(stored).toMatchObject({
      id: 'ack-1',
      teacherUserId: FATOU.id,
      decision: 'acknowledged',
      at: NOW.toISOString(),
      actorUserId: FATOU.id,
      actorUserName: FATOU.name,
      paidMin: 600,
    });
  });

  it('a dispute needs a comment; it is kept with the answer', async () => {
    const fatou = await signInAs(server.url, ORG, FATOU);
    expect(await pushOne(fatou, ack('ack-d1', { decision: 'disputed', comment: '   ' }))).toEqual(
      refused('comment-required'),
    );
    expect(
      (await pushOne(fatou, ack('ack-d2', { decision: 'disputed', comment: 'Le 17/11 manque' }))).status,
    ).toBe('applied');
    expect((await storedAcks()).map((a) => [a.id, a.decision, a.comment])).toEqual([
      ['ack-d2', 'disputed', 'Le 17/11 manque'],
    ]);
  });

  it("refuses an answer for someone else's statement, even by an administrator", async () => {
    const moussa = await signInAs(server.url, ORG, MOUSSA);
    expect(await pushOne(moussa, ack('ack-m', {}))).toEqual(refused('not-own'));
    // The administrator holds every module, « Mes heures » included: still not her statement.
    expect(await pushOne(root, ack('ack-r', {}))).toEqual(refused('not-own'));
    expect(await storedAcks()).toEqual([]);
  });

  it('refuses a month not closed (open, reopened, or not over)', async () => {
    const fatou = await signInAs(server.url, ORG, FATOU);
    expect(await pushOne(fatou, ack('ack-oct', { month: '2026-10' }))).toEqual(refused('month-not-closed'));
    expect(await pushOne(fatou, ack('ack-sep', { month: '2026-09' }))).toEqual(refused('month-not-closed'));
    expect(await pushOne(fatou, ack('ack-dec', { month: '2026-12' }))).toEqual(refused('month-not-closed'));
    expect(await storedAcks()).toEqual([]);
  });

  it('an answer is never rewritten nor deleted (append-only)', async () => {
    const fatou = await signInAs(server.url, ORG, FATOU);
    expect((await pushOne(fatou, ack('ack-1', {}))).status).toBe('applied');
    const { revision } = await readStore(server.storage, ORG);
    const change = {
      ...ack('ack-1', { decision: 'disputed', comment: 'finalement non' }),
      baseRevision: revision,
    };
    // The first answer stays: a change is refused or loses its merge, never applied.
    expect(['rejected', 'merged', 'unchanged']).toContain((await pushOne(fatou, change)).status);
    const removal = { ...ack('ack-1', {}), op: 'delete', values: undefined, changedFields: [] } as Mutation;
    expect(['rejected', 'merged', 'unchanged']).toContain((await pushOne(fatou, removal)).status);
    expect((await storedAcks()).map((a) => a.decision)).toEqual(['acknowledged']);
  });

  it('a kiosk and an anonymous request cannot answer', async () => {
    expect((await push(null, ack('ack-anon', {}))).status).toBe(401);
    const kiosk = await enrolKiosk(server.url, root);
    expect((await pushOne(kiosk, ack('ack-kiosk', {}))).status).toBe('rejected');
    expect(await storedAcks()).toEqual([]);
  });

  it('the administrator sees every answer; a teacher only her own', async () => {
    const fatou = await signInAs(server.url, ORG, FATOU);
    expect((await pushOne(fatou, ack('ack-1', {}))).status).toBe('applied');
    const moussa = await signInAs(server.url, ORG, MOUSSA);
    expect(await received(root)).toEqual(['ack-1']);
    expect(await received(fatou)).toEqual(['ack-1']);
    expect(await received(moussa)).toEqual([]);
  });
});
