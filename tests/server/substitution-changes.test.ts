import { beforeEach, describe, expect, it } from 'vitest';
import {
  changeKeyOf,
  substitutionNotificationId,
  substitutionRemovalNoticeId,
} from '../../src/domain/absences/substitution-notice-rules';
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
  COUMBA,
  DAY,
  IBOU,
  removal,
  substitution,
  substitutionSchool,
  timetable,
} from './substitution-school';

/**
 * Issue 35 leftovers, over real HTTP on every storage engine: each change of a course's substitute is told
 * anew (B → C → B tells Ibou twice that he replaces), a notice of an assignment no longer in force is refused;
 * a removal is logged (« planning-restore ») only as the stored substitution says, and its notices reach only
 * the absent teacher and the former substitute that log names: a forged one to a third teacher is refused and
 * changes nothing.
 */
const backends = await serverBackends();
const ORG = 'ecole-remplacement-change';
const at = (minute: number) => `${DAY}T07:${String(minute).padStart(2, '0')}:00.000Z`;

const orgData = () => substitutionSchool([AWA, IBOU, COUMBA], at(0));

let server: RunningServer;
let root: string;
let seq = 0;

const put = (collection: Mutation['collection'], values: { id: string } & Record<string, unknown>) =>
  mutationNow({ collection, recordId: values.id, values });

const remove = (recordId: string, baseRevision: number) => removal(recordId, baseRevision, (seq += 1));

const push = (cookie: string, mutations: Mutation[]) => {
  seq += 1;
  return pushResults(server.url, ORG, cookie, mutations, { clientId: `device-change-${seq}`, since: 0 });
};

/** What each teacher's bell holds: [kind, removal?], sorted. */
const bellOf = async (who: typeof AWA | typeof IBOU | typeof COUMBA) => {
  const cookie = await signInAs(server.url, ORG, who);
  const store = (await (await api(`${server.url}/api/store?orgId=${ORG}`, cookie)).json()) as StoreV1;
  return store.notifications.map((n) => [n.kind, n.substitutionRemoved === true]).sort();
};

/**
 * An administrator's device assigning `substituteUserId` at `when`: the record (its change key: the state it
 * starts from, changeKeyOf), then its notices. `previous`: the substitute and the date of the assignment it
 * replaces, or the date of the removed assignment before it (`removed`), or nothing.
 */
async function assign(
  substituteUserId: string | null,
  when: string,
  previous: { substituteUserId: string | null; assignedAt: string } | { removed: string } | undefined,
) {
  const before = previous && 'assignedAt' in previous ? previous : undefined;
  const removed = previous && 'removed' in previous ? previous.removed : null;
  const record = { ...substitution(substituteUserId, when), changeKey: changeKeyOf(before, removed) };
  const notices = substitutionNotifications({
    substitution: record,
    previousSubstituteUserId: before ? before.substituteUserId : undefined,
    slotIndex: 0,
    now: when,
  });
  const results = await push(root, [
    put('substitutions', { ...record }),
    ...notices.map((n) => put('notifications', n)),
  ]);
  expect(results.map((r) => r.status)).toEqual(results.map(() => 'applied'));
  return revisionOf(server, ORG);
}

const logOf = (removed: ReturnType<typeof substitution>, when: string) =>
  restoreLog({
    removed,
    timetable,
    slotIndex: 0,
    slot: timetable.slots[0]!,
    actor: { userId: ROOT_ADMIN.id, userName: ROOT_ADMIN.name },
    now: when,
    note: 'Cours rendu à son enseignant',
  });

describe.each(backends)('$name: substitution changes told anew, removals checked (issue 35)', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData, now: at(0) });
  beforeEach(() => {
    ({ server, root } = org);
  });

  it('B → C → B: Ibou and Awa told again; a notice of no assignment in force is refused', async () => {
    await assign(IBOU.id, at(1), undefined);
    await assign(COUMBA.id, at(2), { substituteUserId: IBOU.id, assignedAt: at(1) });
    await assign(IBOU.id, at(3), { substituteUserId: COUMBA.id, assignedAt: at(2) });
    expect(await bellOf(IBOU)).toEqual([
      ['substitution-assigned', false],
      ['substitution-assigned', false],
      ['substitution-withdrawn', false],
    ]);
    expect(await bellOf(COUMBA)).toEqual([
      ['substitution-assigned', false],
      ['substitution-withdrawn', false],
    ]);
    expect(await bellOf(AWA)).toEqual([
      ['substitution-replaced', false],
      ['substitution-replaced', false],
      ['substitution-replaced', false],
    ]);
    // A notice of a change that is not the one in force (one made up, or an earlier one): refused, nothing stored.
    const count = (await storeOf(server, ORG)).notifications.length;
    for (const changeKey of [at(9), at(1)]) {
      const [forged] = substitutionNotifications({
        substitution: { ...substitution(IBOU.id, at(9)), changeKey },
        previousSubstituteUserId: undefined,
        slotIndex: 0,
        now: at(9),
      }).filter((n) => n.kind === 'substitution-replaced');
      expect(forged!.id).toBe(
        substitutionNotificationId(
          substitution(IBOU.id, at(9)).id,
          'substitution-replaced',
          AWA.id,
          IBOU.id,
          changeKey,
        ),
      );
      const [refused] = await push(root, [put('notifications', forged!)]);
      expect(refused).toMatchObject({ status: 'rejected', detail: 'notification-id' });
    }
    expect((await storeOf(server, ORG)).notifications).toHaveLength(count);
  });

  it('removed then given again to Ibou: he is told again', async () => {
    const revision = await assign(IBOU.id, at(1), undefined);
    const removed = substitution(IBOU.id, at(1));
    const results = await push(root, [
      put('planningLogs', logOf(removed, at(2))),
      remove(removed.id, revision),
      ...substitutionRemovalNotifications({ removed, slotIndex: 0, now: at(2) }).map((n) =>
        put('notifications', n),
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    await assign(IBOU.id, at(3), { removed: at(1) });
    expect(await bellOf(IBOU)).toEqual([
      ['substitution-assigned', false],
      ['substitution-assigned', false],
      ['substitution-withdrawn', true],
    ]);
    const logs = (await storeOf(server, ORG)).planningLogs.filter((l) => l.action === 'planning-restore');
    expect(logs).toEqual([
      expect.objectContaining({
        actorUserId: ROOT_ADMIN.id,
        teacherUserId: AWA.id,
        formerSubstituteUserId: IBOU.id,
      }),
    ]);
  });

  it('a removal notice forged to a third teacher is refused and changes nothing', async () => {
    const revision = await assign(IBOU.id, at(1), undefined);
    const removed = substitution(IBOU.id, at(1));
    const applied = await push(root, [
      put('planningLogs', logOf(removed, at(2))),
      remove(removed.id, revision),
      ...substitutionRemovalNotifications({ removed, slotIndex: 0, now: at(2) }).map((n) =>
        put('notifications', n),
      ),
    ]);
    expect(applied.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const before = await storeOf(server, ORG);
    const [withdrawn] = substitutionRemovalNotifications({ removed, slotIndex: 0, now: at(2) }).filter(
      (n) => n.kind === 'substitution-withdrawn',
    );
    const to = (kind: 'substitution-withdrawn' | 'substitution-restored', who: string) => ({
      ...withdrawn!,
      kind,
      teacherUserId: who,
      id: substitutionRemovalNoticeId(removed.id, kind, who, removed.assignedAt),
    });
    for (const forged of [to('substitution-withdrawn', COUMBA.id), to('substitution-restored', COUMBA.id)]) {
      const [result] = await push(root, [put('notifications', forged)]);
      expect(result).toMatchObject({ status: 'rejected', reason: 'forbidden', detail: 'teacher-mismatch' });
    }
    expect(await bellOf(COUMBA)).toEqual([]);
    expect((await storeOf(server, ORG)).notifications).toEqual(before.notifications);
  });

  it('a removal not logged is told to nobody', async () => {
    const revision = await assign(IBOU.id, at(1), undefined);
    const removed = substitution(IBOU.id, at(1));
    const results = await push(root, [
      remove(removed.id, revision),
      ...substitutionRemovalNotifications({ removed, slotIndex: 0, now: at(2) }).map((n) =>
        put('notifications', n),
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'rejected']);
    expect(results[1]).toMatchObject({ detail: 'removal-not-logged' });
    expect(await bellOf(IBOU)).toEqual([['substitution-assigned', false]]);
  });

  it('refuses a removal log naming a third teacher, of another assignment, after the deletion, or by a teacher', async () => {
    const revision = await assign(IBOU.id, at(1), undefined);
    const removed = substitution(IBOU.id, at(1));
    const log = logOf(removed, at(2));
    const cases: [Record<string, unknown>, string][] = [
      [{ ...log, formerSubstituteUserId: COUMBA.id }, 'teacher-mismatch'],
      [logOf(substitution(IBOU.id, at(0)), at(2)), 'log-id'],
    ];
    for (const [forged, detail] of cases) {
      const [result] = await push(root, [put('planningLogs', forged as never)]);
      expect(result).toMatchObject({ status: 'rejected', reason: 'forbidden', detail });
    }
    const ibou = await signInAs(server.url, ORG, IBOU);
    const [byTeacher] = await push(ibou, [
      put('planningLogs', { ...log, actorUserId: IBOU.id, actorUserName: IBOU.name }),
    ]);
    expect(byTeacher).toMatchObject({ status: 'rejected', detail: 'not-permitted' });
    const [gone] = await push(root, [remove(removed.id, revision)]);
    expect(gone?.status).toBe('applied');
    const [late] = await push(root, [put('planningLogs', log)]);
    expect(late).toMatchObject({ status: 'rejected', detail: 'substitution-not-found' });
    expect((await storeOf(server, ORG)).planningLogs.filter((l) => l.action === 'planning-restore')).toEqual(
      [],
    );
  });
});
