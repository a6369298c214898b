import { describe, expect, it } from 'vitest';
import { cooldownSecondsLeft, formatCountdown } from '../../src/domain/auth/pin-countdown';
import { countPendingActions } from '../../src/domain/sync/pending-actions';
import type { Profile, User } from '../../src/domain/store/schema';
import { pinSheetCandidates } from '../../src/domain/users/pin-sheet';
import { nextSyncConfirmation } from '../../src/ui/sync-status';
import type { SyncStatus } from '../../src/sync/use-sync-status';

describe('pending actions (issue 33 point 7): actions, not records', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 2, 9, 8, 0, s)).toISOString();
  it.each([
    ['nothing waiting', [], 0],
    // One check-in: its log and its notification, written in one transaction.
    [
      'one check-in (log + notification)',
      [
        { createdAt: at(1), author: 'u-t1' },
        { createdAt: at(1), author: 'u-t1' },
      ],
      1,
    ],
    [
      'a check-in and a check-out',
      [
        { createdAt: at(1), author: 'u-t1' },
        { createdAt: at(1), author: 'u-t1' },
        { createdAt: at(2), author: 'u-t1' },
        { createdAt: at(2), author: 'u-t1' },
      ],
      2,
    ],
    [
      'two people on one kiosk at the same instant',
      [
        { createdAt: at(1), author: 'kiosk' },
        { createdAt: at(1), author: 'u-t1' },
      ],
      2,
    ],
    ['an older mutation without author', [{ createdAt: at(1) }, { createdAt: at(1), author: null }], 1],
  ])('%s → %i', (_label, mutations, count) => {
    expect(countPendingActions(mutations)).toBe(count);
  });
});

describe('sync confirmation once the network returns (issue 33 point 7)', () => {
  const status = (state: SyncStatus['state'], pending: number): SyncStatus => ({
    state,
    pending,
    lastSyncAt: null,
    refused: 0,
  });
  it('confirms the actions that waited offline, once', () => {
    let waiting = 0;
    const seen: (number | null)[] = [];
    for (const s of [
      status('offline', 1),
      status('offline', 2),
      status('pending', 2),
      status('pending', 1),
      status('synced', 0),
      status('synced', 0),
    ]) {
      const next = nextSyncConfirmation(waiting, s);
      waiting = next.waiting;
      seen.push(next.confirmed);
    }
    expect(seen).toEqual([null, null, null, null, 2, null]);
  });
  it.each([
    ['online work is not announced', [status('pending', 1), status('synced', 0)]],
    ['offline with nothing waiting', [status('offline', 0), status('synced', 0)]],
    ['still waiting for sign-in', [status('offline', 1), status('sign-in', 1)]],
  ])('%s', (_label, states) => {
    let waiting = 0;
    for (const s of states) {
      const next = nextSyncConfirmation(waiting, s);
      waiting = next.waiting;
      expect(next.confirmed).toBeNull();
    }
  });
});

describe('PIN lockout countdown (issue 33 point 7)', () => {
  const now = new Date('2026-03-09T08:00:00.000Z');
  it.each([
    [null, 0],
    ['not a date', 0],
    ['2026-03-09T07:59:59.000Z', 0],
    ['2026-03-09T08:00:00.000Z', 0],
    ['2026-03-09T08:00:00.001Z', 1],
    ['2026-03-09T08:00:01.000Z', 1],
    ['2026-03-09T08:05:00.000Z', 300],
  ])('until %s → %i s', (until, seconds) => {
    expect(cooldownSecondsLeft(until, now)).toBe(seconds);
  });
  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [61, '1:01'],
    [9, '0:09'],
    [0, '0:00'],
    [0.2, '0:01'],
  ])('%d s reads %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

describe('PIN sheet candidates (issue 33 point 3)', () => {
  const profiles = [
    { id: 'teacher', name: 'Enseignant', moduleIds: ['teacher', 'teacher.today'], formFieldKeys: [] },
    { id: 'admin', name: 'Admin', moduleIds: ['users', 'teacher.today'], formFieldKeys: [] },
  ] as unknown as Profile[];
  const person = (id: string, name: string, profileId: string, status = 'Active') =>
    ({ id, name, email: `${id}@ecole.sn`, profileId, status }) as unknown as User;
  const users = [
    person('u-3', 'Zeynab Ba', 'teacher'),
    person('u-1', 'Aminata Sy', 'teacher'),
    person('u-2', 'Ousmane Kane', 'teacher', 'Inactive'),
    person('u-4', 'Awa Diop', 'admin'),
    person('u-5', 'Cheikh Fall', 'teacher'),
  ];
  const slot = (teacherUserId: string, canceled = false) =>
    ({ dayOfWeek: 1, startTime: '08:00', endTime: '10:00', moduleId: 'm', teacherUserId, canceled }) as never;
  const timetables = [
    { classId: 'cls-a', slots: [slot('u-3'), slot('u-2'), slot('u-5', true)] },
    { classId: 'cls-b', slots: [slot('u-1'), slot('u-4')] },
  ];
  it.each([
    [{ kind: 'kiosk' } as const, ['Aminata Sy', 'Cheikh Fall', 'Zeynab Ba']],
    [{ kind: 'class', classId: 'cls-a' } as const, ['Zeynab Ba']],
    [{ kind: 'class', classId: 'cls-b' } as const, ['Aminata Sy']],
    [{ kind: 'class', classId: 'cls-none' } as const, []],
  ])('%o → %o', (scope, names) => {
    expect(pinSheetCandidates({ users, profiles, timetables, scope }).map((u) => u.name)).toEqual(names);
  });
});
