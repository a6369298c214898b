import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assignSubstitute, declareAbsence, substitutionId } from '../../src/domain/absences/records';
import { feedCreatedAnswerSchema } from '../../src/domain/api-schemas/calendar';
import type { StoreV1 } from '../../src/domain/store/schema';
import type { ConflictEntry, Mutation } from '../../src/domain/sync/protocol';
import { courseSlot, L1_TEACHERS, l1Class, l1Occurrence, l1Week, putMutation } from '../support/builders';
import {
  api,
  pushResults,
  revisionOf,
  serverBackends,
  signInAs,
  storeOf,
  useSeededOrg,
  type RunningServer,
  type SignInAs,
} from './helpers';

/**
 * Issue 35, item 1, over real HTTP on every storage engine: absences and substitutions sync like every
 * record, with the server's rights (a teacher declares her own absence only and assigns nobody; an
 * administrator of the plannings assigns); two administrators assigning the same course offline end with one
 * substitute and a recorded conflict; an absence's reason reaches no other teacher; the calendar feeds show "Remplacé par …" and "Remplacement : …".
 */
const backends = await serverBackends();
const ORG = 'ecole-absences';
const [T1, T2, T3] = L1_TEACHERS;
const NOW = '2026-11-23T09:00:00.000Z';

const timetable = l1Week([courseSlot(3, '10:00', '12:00', 'cm-algo', T1.id, { id: 's-algo', room: 'B12' })]);
const course = l1Occurrence('s-algo', '2026-11-25', '10:00', '12:00');

const orgData = () => l1Class([T1, T2, T3], { timetables: [timetable] });

let server: RunningServer;
let admin: string;
let revision: number;

function put(
  collection: 'absences' | 'substitutions',
  values: object,
  baseRevision: number,
  createdAt = NOW,
): Mutation {
  const record = { ...values } as Record<string, unknown>;
  return putMutation({ collection, recordId: String(record.id), values: record, baseRevision, createdAt });
}

const push = (cookie: string, clientId: string, mutations: Mutation[]) =>
  pushResults(server.url, ORG, cookie, mutations, { clientId });

function absenceOf(teacherUserId: string, actorUserId: string, reason = 'Malade') {
  const result = declareAbsence({
    id: `ab-${teacherUserId}`,
    teacherUserId,
    date: '2026-11-25',
    startTime: null,
    endTime: null,
    reason,
    actorUserId,
    now: NOW,
  });
  if (!result.ok) throw new Error(result.code);
  return result.value;
}

const substitution = (substituteUserId: string | null, actorUserId: string) =>
  assignSubstitute({
    course,
    absence: { id: `ab-${T1.id}`, teacherUserId: T1.id },
    substituteUserId,
    actorUserId,
    now: NOW,
  });

describe.each(backends)('$name: absences and substitutions (issue 35)', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData, now: NOW });
  beforeEach(() => {
    ({ server, root: admin, revision } = org);
  });
  afterEach(() => {
    ICAL.TimezoneService.reset();
  });

  it('a teacher declares her own absence only, and assigns nobody', async () => {
    const t1 = await signInAs(server.url, ORG, T1);
    const [own, other, assigned] = await push(t1, 'phone-awa', [
      put('absences', absenceOf(T1.id, T1.id), revision),
      put('absences', absenceOf(T2.id, T1.id), revision),
      put('substitutions', substitution(T1.id, T1.id), revision),
    ]);
    expect(own?.status).toBe('applied');
    expect(other).toMatchObject({ status: 'rejected', reason: 'forbidden', detail: 'not-own' });
    expect(assigned).toMatchObject({ status: 'rejected', reason: 'forbidden', detail: 'not-admin' });

    // The reason stays between her and the administrators.
    const t2 = await signInAs(server.url, ORG, T2);
    const read = async (cookie: string) =>
      ((await (await api(`${server.url}/api/store?orgId=${ORG}`, cookie)).json()) as StoreV1).absences ?? [];
    expect((await read(t1)).map((a) => a.reason)).toEqual(['Malade']);
    expect(await read(t2)).toEqual([]);
    expect((await read(admin)).map((a) => a.teacherUserId)).toEqual([T1.id]);
  });

  it('two administrators assign the same course offline: one substitute, one recorded conflict', async () => {
    await push(admin, 'laptop-1', [put('absences', absenceOf(T1.id, 'u-root'), revision)]);
    const base = await revisionOf(server, ORG);
    // Both devices made their assignment before hearing of the other's (same base revision).
    const [first] = await push(admin, 'laptop-1', [
      put('substitutions', substitution(T2.id, 'u-root'), base, '2026-11-23T08:50:00.000Z'),
    ]);
    const [second] = await push(admin, 'tablet-2', [
      put('substitutions', substitution(T3.id, 'u-root'), base, '2026-11-23T08:55:00.000Z'),
    ]);
    expect(first?.status).toBe('applied');
    expect(second?.status).not.toBe('rejected');

    const store = await storeOf(server, ORG);
    expect(store.substitutions).toHaveLength(1);
    expect(store.substitutions[0]).toMatchObject({ id: substitutionId(course), substituteUserId: T3.id });
    const conflicts = (
      (await (await api(`${server.url}/api/conflicts?orgId=${ORG}`, admin)).json()) as {
        conflicts: ConflictEntry[];
      }
    ).conflicts.filter((c) => c.collection === 'substitutions' && c.field === 'substituteUserId');
    expect(conflicts).toMatchObject([
      { recordId: substitutionId(course), keptValue: T3.id, lostValue: T2.id },
    ]);
  });

  it('the calendars show the substitution: “Remplacé par …” for the absent teacher, “Remplacement” for the substitute', async () => {
    await push(admin, 'laptop-1', [
      put('absences', absenceOf(T1.id, 'u-root'), revision),
      put('substitutions', substitution(T2.id, 'u-root'), revision),
    ]);
    const summaries = async (who: SignInAs) => {
      const cookie = await signInAs(server.url, ORG, who);
      const created = await api(`${server.url}/api/calendar/feeds?orgId=${ORG}`, cookie, {
        method: 'POST',
        body: { kind: 'me' },
      });
      const { path } = feedCreatedAnswerSchema.parse(await created.json());
      const text = await (await api(`${server.url}${path}`, null)).text();
      return new ICAL.Component(ICAL.parse(text) as unknown[])
        .getAllSubcomponents('vevent')
        .map((c) => new ICAL.Event(c).summary);
    };
    expect(await summaries(T1)).toEqual(['Remplacé par Ibrahima Sow : Algorithmique · L1-INFO']);
    expect(await summaries(T2)).toEqual(['Remplacement : Algorithmique · L1-INFO']);
    expect(await summaries(T3)).toEqual([]);
  });
});
