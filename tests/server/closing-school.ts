import type { StoreV1 } from '../../src/domain/store/schema';
import type { Mutation } from '../../src/domain/sync/protocol';
import { courseSlot, mutationNow, person, weekTimetable } from '../support/builders';
import { ROOT_ADMIN } from './helpers';

/**
 * The school of the month-closing tests (issues 31 and 32): Aminata teaches in two institutes, Rokhaya has an
 * admin-type profile without settings; one week timetable spans Thursday 30 April and Friday 1 May 2026.
 */
export const ORG = 'ecole-cloture';
export const AT = {
  id: 'u-at',
  name: 'Aminata Sow',
  email: 'aminata@ecole.sn',
  password: 'Aminata@2026',
} as const;
export const RH = {
  id: 'u-rh',
  name: 'Rokhaya Ndiaye',
  email: 'rokhaya@ecole.sn',
  password: 'Rokhaya@2026',
} as const;
export const ROOT: { id: string; name: string } = { id: ROOT_ADMIN.id, name: ROOT_ADMIN.name };
export const at = (date: string, time: string) => `${date}T${time}:00.000Z`;
// Thursday 30 April and Friday 1 May 2026: one week timetable across two months.
export const APR = '2026-04-30';
export const MAY = '2026-05-01';

export const user = (u: typeof AT | typeof RH, profileId: string) => person(u, profileId, { name: u.name });

export async function closingOrgData(): Promise<Partial<StoreV1>> {
  return {
    profiles: [
      // Admin-type (users, profiles, contracts.compliance) but no settings: not a full administrator.
      {
        id: 'rh',
        name: 'Ressources humaines',
        moduleIds: ['user-mgmt', 'users', 'profiles', 'contracts.compliance', 'planning.consulter'],
        formFieldKeys: [],
      },
    ],
    users: [await user(AT, 'teacher'), await user(RH, 'rh')],
    institutes: [
      { id: 'i-1', name: 'Institut Polytechnique', abbr: 'IP' },
      { id: 'i-2', name: 'Institut de Gestion', abbr: 'IG' },
    ],
    levels: [{ id: 'l-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [
      { id: 'c-1', code: 'L1-INFO', levelId: 'l-1', instituteId: 'i-1' },
      { id: 'c-2', code: 'L1-GEST', levelId: 'l-1', instituteId: 'i-2' },
    ],
    timetables: [
      // 0: Thursday 30 April 08:00-10:00; 1: Friday 1 May 08:00-10:00.
      weekTimetable(
        't-1',
        '2026-04-27',
        [
          courseSlot(4, '08:00', '10:00', 'm-1', AT.id, { id: 's-thu' }),
          courseSlot(5, '08:00', '10:00', 'm-1', AT.id, { id: 's-fri' }),
        ],
        { classId: 'c-1', createdAt: '2026-04-20T08:00:00.000Z' },
      ),
      // 0: Thursday 30 April 13:00-15:00.
      weekTimetable('t-2', '2026-04-27', [courseSlot(4, '13:00', '15:00', 'm-2', AT.id, { id: 's-gest' })], {
        classId: 'c-2',
        createdAt: '2026-04-20T08:00:00.000Z',
      }),
    ],
  };
}

export function closingMutation(
  collection: Mutation['collection'],
  id: string,
  values: Record<string, unknown>,
  base = 0,
  op: 'put' | 'delete' = 'put',
): Mutation {
  const put = mutationNow({ collection, recordId: id, values, baseRevision: base });
  return op === 'put' ? put : { ...put, op, changedFields: [], values: undefined };
}

/** One device per session (a device id belongs to one person). */
export const deviceOf = (cookie: string) => `device-${cookie.slice(-16).replace(/[^A-Za-z0-9]/g, '')}`;
