import { beforeEach, describe, expect, it } from 'vitest';
import {
  substitutionNotifications,
  substitutionRemovalNotifications,
} from '../../src/domain/absences/substitution-notifications';
import { restoreLog } from '../../src/domain/absences/substitution-restore';
import type { StoreV1 } from '../../src/domain/store/schema';
import type { Mutation } from '../../src/domain/sync/protocol';
import { mutationNow } from '../support/builders';
import {
  api,
  pushResults,
  revisionOf,
  ROOT_ADMIN,
  serverBackends,
  signInAs,
  storeOf,
  useSeededOrg,
  type RunningServer,
} from './helpers';
import {
  AWA,
  DAY,
  IBOU,
  removal,
  substitution as substitutionAt,
  substitutionSchool,
  timetable,
} from './substitution-school';

/**
 * Issue 35, « Limites connues » closed: an administrator removes a substitution (« Retirer le remplacement »);
 * her device deletes it and, in the same push, tells both teachers. Over real HTTP on every storage engine:
 * each teacher receives hers; a removal notice while the substitution is still stored, or naming the wrong
 * teacher, or written by a teacher, is refused.
 */
const backends = await serverBackends();
const ORG = 'ecole-remplacement-retire';
const NOW = `${DAY}T07:00:00.000Z`;
const LATER = `${DAY}T07:30:00.000Z`;

const substitution = (substituteUserId: string | null) => substitutionAt(substituteUserId, NOW);
const removalNotices = (substituteUserId: string | null) =>
  substitutionRemovalNotifications({ removed: substitution(substituteUserId), slotIndex: 0, now: LATER });
// The removal's planning log, pushed before the deletion (services/absences removeSubstitution).
const removalLog = (substituteUserId: string | null) =>
  restoreLog({
    removed: substitution(substituteUserId),
    timetable,
    slotIndex: 0,
    slot: timetable.slots[0]!,
    actor: { userId: ROOT_ADMIN.id, userName: ROOT_ADMIN.name },
    now: LATER,
    note: 'Cours rendu à son enseignant',
  });

const orgData = () => substitutionSchool([AWA, IBOU], NOW);

let server: RunningServer;
let root: string;
let seq = 0;

function put(collection: Mutation['collection'], values: { id: string } & Record<string, unknown>): Mutation {
  seq += 1;
  return mutationNow({ collection, recordId: values.id, values });
}

const remove = (recordId: string, baseRevision: number) => removal(recordId, baseRevision, (seq += 1));

const push = (cookie: string, mutations: Mutation[]) =>
  pushResults(server.url, ORG, cookie, mutations, { clientId: `device-${seq}`, since: 0 });

const visibleTo = async (cookie: string) =>
  ((await (await api(`${server.url}/api/store?orgId=${ORG}`, cookie)).json()) as StoreV1).notifications
    .map((n) => [n.kind, n.teacherUserId, n.substitutionRemoved === true])
    .sort();

async function assigned(substituteUserId: string | null): Promise<number> {
  const results = await push(root, [
    put('substitutions', substitution(substituteUserId)),
    ...substitutionNotifications({
      substitution: substitution(substituteUserId),
      previousSubstituteUserId: undefined,
      slotIndex: 0,
      now: NOW,
    }).map((n) => put('notifications', n)),
  ]);
  expect(results.every((r) => r.status === 'applied')).toBe(true);
  return revisionOf(server, ORG);
}

describe.each(backends)('$name: removing a substitution tells both teachers (issue 35)', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData, now: NOW });
  beforeEach(() => {
    ({ server, root } = org);
  });

  it('the deletion and its notices apply together; each teacher sees hers', async () => {
    const revision = await assigned(IBOU.id);
    const results = await push(root, [
      put('planningLogs', removalLog(IBOU.id)),
      remove(substitution(IBOU.id).id, revision),
      ...removalNotices(IBOU.id).map((n) => put('notifications', n)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect((await storeOf(server, ORG)).substitutions).toEqual([]);
    const awa = await signInAs(server.url, ORG, AWA);
    const ibou = await signInAs(server.url, ORG, IBOU);
    expect(await visibleTo(awa)).toEqual([
      ['substitution-replaced', AWA.id, false],
      ['substitution-restored', AWA.id, true],
    ]);
    expect(await visibleTo(ibou)).toEqual([
      ['substitution-assigned', IBOU.id, false],
      ['substitution-withdrawn', IBOU.id, true],
    ]);
  });

  it('a cancelled course restored: the absent teacher is told', async () => {
    const revision = await assigned(null);
    const results = await push(root, [
      put('planningLogs', removalLog(null)),
      remove(substitution(null).id, revision),
      ...removalNotices(null).map((n) => put('notifications', n)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const awa = await signInAs(server.url, ORG, AWA);
    expect(await visibleTo(awa)).toEqual([
      ['substitution-canceled', AWA.id, false],
      ['substitution-restored', AWA.id, true],
    ]);
  });

  it('refuses a removal notice while the substitution stands, to the wrong teacher, or from a teacher', async () => {
    const revision = await assigned(IBOU.id);
    const [restored, withdrawn] = removalNotices(IBOU.id);
    const [early] = await push(root, [put('notifications', restored!)]);
    expect(early).toMatchObject({
      status: 'rejected',
      reason: 'forbidden',
      detail: 'substitution-not-removed',
    });
    const gone = await push(root, [
      put('planningLogs', removalLog(IBOU.id)),
      remove(substitution(IBOU.id).id, revision),
    ]);
    expect(gone.map((r) => r.status)).toEqual(['applied', 'applied']);
    const [wrong] = await push(root, [put('notifications', { ...withdrawn!, teacherUserId: AWA.id })]);
    expect(wrong).toMatchObject({ status: 'rejected', detail: 'notification-id' });
    const forged = removalNotices(IBOU.id).find((n) => n.kind === 'substitution-withdrawn')!;
    const [absentTold] = await push(root, [
      put('notifications', {
        ...forged,
        teacherUserId: AWA.id,
        id: forged.id.replace(`:${IBOU.id}:`, `:${AWA.id}:`),
      }),
    ]);
    expect(absentTold).toMatchObject({ status: 'rejected', detail: 'teacher-mismatch' });
    const ibou = await signInAs(server.url, ORG, IBOU);
    const [byTeacher] = await push(ibou, [put('notifications', withdrawn!)]);
    expect(byTeacher).toMatchObject({ status: 'rejected', detail: 'not-permitted' });
    expect((await storeOf(server, ORG)).notifications.filter((n) => n.substitutionRemoved)).toEqual([]);
  });
});
