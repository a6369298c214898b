import { describe, expect, it } from 'vitest';
import {
  contractItem,
  isJournalPlanningLog,
  matchesJournalItem,
  newestFirst,
  planningImportItem,
  planningLogItem,
  rescheduleItems,
  submissionItems,
  userLogItem,
  type JournalItemFilter,
} from '../../src/domain/journal/journal-items';
import type { PlanningLog, UserLog } from '../../src/domain/store/schema';
import {
  journalCodeLabel,
  journalDetailText,
  journalItemWords,
} from '../../src/features/journal/journal-texts';
import { frJournalItems } from '../../src/i18n/fr-journal-items';

const names = {
  users: new Map([
    ['u-t1', 'Moussa Fall'],
    ['u-admin', 'Awa Diop'],
  ]),
  classes: new Map([['cl-1', 'L1-INFO']]),
  modules: new Map([['m-algo', 'Algorithmique']]),
};
const userLog = (over: Partial<UserLog>): UserLog => ({
  id: 'log-1',
  action: 'create',
  targetUserName: 'Moussa Fall',
  actorUserName: 'Awa Diop',
  timestamp: '2025-03-10T08:00:00.000Z',
  ...over,
});
const planningLog = (action: PlanningLog['action']): PlanningLog => ({
  id: `pl-${action}`,
  action,
  timestamp: '2025-03-11T09:00:00.000Z',
  actorUserName: 'Awa Diop',
  timetableId: 'tt-1',
  slotIndex: 0,
  classId: 'cl-1',
  moduleId: 'm-algo',
  teacherUserId: 'u-t1',
  before: { dayOfWeek: 1, startTime: '08:00', endTime: '10:00' },
});
const ALL: JournalItemFilter = { query: '', from: '', to: '', actions: new Set(), kinds: new Set() };

describe('journal items of every action (issue 33 point 8)', () => {
  it('words the raw detail codes in French, keeps texts already written', () => {
    expect(journalDetailText(userLogItem(userLog({ details: 'import-planning' })).detail)).toBe(
      frJournalItems.details.userCreatedByImport,
    );
    expect(journalDetailText(userLogItem(userLog({ details: 'Profil « X » supprimé' })).detail)).toBe(
      'Profil « X » supprimé',
    );
    expect(userLogItem(userLog({})).detail).toBeNull();
  });

  it('names an import, a cancelled course and a contract in French', () => {
    const imported = planningImportItem({
      id: 'imp-1',
      periodicity: 'week',
      year: 2025,
      weekStartDate: '2025-03-10',
      fileName: 'semaine.xlsx',
      createdAt: '2025-03-09T10:00:00.000Z',
      actorUserName: 'Awa Diop',
    });
    expect(journalCodeLabel(imported.code)).toBe('Import du planning');
    expect(journalDetailText(imported.detail)).toBe('Fichier « semaine.xlsx », semaine du 10/03/2025');
    expect(imported.actor).toBe('Awa Diop');
    const cancel = planningLogItem(planningLog('planning-cancel'), names);
    expect(journalCodeLabel(cancel.code)).toBe('Cours annulé');
    expect(journalDetailText(cancel.detail)).toBe('L1-INFO · Algorithmique · lundi 08:00–10:00');
    expect(cancel.target).toBe('Moussa Fall');
    const contract = contractItem(
      {
        id: 'c-1',
        teacherUserId: 'u-t1',
        startDate: '2025-03-01',
        endDate: '2025-05-30',
        createdAt: '2025-03-12T12:00:00.000Z',
        entries: [{ id: 'e', classId: 'cl-1', moduleId: 'm-algo', volumeCapMin: 0 }],
      },
      names,
    );
    expect(journalItemWords(contract)).toContain('Contrat VH créé');
    expect(journalDetailText(contract.detail)).toBe('1 ligne(s), du 01/03/2025 au 30/05/2025');
  });

  it.each([
    ['planning-checkin', false],
    ['planning-checkout', false],
    ['planning-cancel', true],
    ['planning-reschedule', true],
    ['planning-change-mode', true],
    ['planning-correction', true],
  ] as const)('a %s log is in the journal: %s', (action, expected) => {
    expect(isJournalPlanningLog({ action })).toBe(expected);
  });

  it('a contract file gives one entry per step that happened, a request one or two', () => {
    const file = {
      id: 'f-1',
      teacherUserId: 'u-t1',
      status: 'rejected' as const,
      attachments: [],
      submittedAt: '2025-03-12T10:00:00.000Z',
      rejectedAt: '2025-03-12T11:00:00.000Z',
      rejectedByUserName: 'Awa Diop',
      rejectionReason: 'RIB illisible',
    };
    const steps = submissionItems(file, names);
    expect(steps.map((s) => s.code)).toEqual(['contract-submitted', 'contract-rejected']);
    expect(journalDetailText(steps[1]?.detail ?? null)).toBe('Motif : RIB illisible');
    const request = {
      id: 'r-1',
      timetableId: 'tt-1',
      slotIndex: 0,
      teacherUserId: 'u-t1',
      requestedAt: '2025-03-10T07:00:00.000Z',
      reason: 'Jury',
      proposedDate: '2025-03-14',
      proposedStartTime: '08:00',
      proposedEndTime: '10:00',
      status: 'pending' as const,
    };
    expect(rescheduleItems(request, names).map((i) => i.code)).toEqual(['reschedule-requested']);
    expect(
      rescheduleItems({ ...request, approvedAt: '2025-03-10T09:00:00.000Z' }, names).map((i) => i.code),
    ).toEqual(['reschedule-requested', 'reschedule-validated']);
  });

  it('filters by kind, by user action, by day (inclusive) and by the French words', () => {
    const user = userLogItem(userLog({ details: 'import-planning' }));
    const cancel = planningLogItem(planningLog('planning-cancel'), names);
    const by = (over: Partial<JournalItemFilter>, item = cancel) =>
      matchesJournalItem(item, { ...ALL, ...over }, journalItemWords(item));
    expect(by({})).toBe(true);
    expect(by({ kinds: new Set(['planning']) })).toBe(true);
    expect(by({ kinds: new Set(['users']) })).toBe(false);
    expect(by({ actions: new Set(['create']) })).toBe(false);
    expect(by({ actions: new Set(['create']) }, user)).toBe(true);
    expect(by({ from: '2025-03-11', to: '2025-03-11' })).toBe(true);
    expect(by({ from: '2025-03-12' })).toBe(false);
    expect(by({ to: '2025-03-10' })).toBe(false);
    expect(by({ query: 'cours annule' })).toBe(true);
    expect(by({ query: 'import du planning' }, user)).toBe(true);
    expect(by({ query: 'import-planning' }, user)).toBe(false);
    // A changed value is found too (an e-mail typed in the search).
    const edited = userLogItem(
      userLog({
        action: 'update',
        fields: [{ key: 'email', label: 'Email', before: 'a@x.sn', after: 'i.sarr@ecole.sn' }],
      }),
    );
    expect(by({ query: 'i.sarr' }, edited)).toBe(true);
  });

  it.each([
    [
      { targetCollection: 'classes', targetName: 'L2 INFO', settingsOp: 'create' },
      'Classe « L2 INFO » créé(e)',
    ],
    [
      { targetCollection: 'courseModules', targetName: 'Anglais', settingsOp: 'update' },
      'Module « Anglais » modifié(e)',
    ],
    [{ targetCollection: 'levels', targetName: 'BTS', settingsOp: 'delete' }, 'Niveau « BTS » supprimé(e)'],
    [
      { targetCollection: 'settings', targetName: '90', settingsOp: 'update' },
      'Validité des codes PIN : 90 jours',
    ],
  ])('a settings change %o reads "%s"', (fields, text) => {
    const item = userLogItem(userLog({ action: 'settings-change', targetUserName: null, ...fields }));
    expect(item.kind).toBe('settings');
    expect(journalCodeLabel(item.code)).toBe('Paramètres modifiés');
    expect(journalDetailText(item.detail)).toBe(text);
  });

  it('orders newest first, ties by id', () => {
    const a = { ...userLogItem(userLog({ id: 'a' })) };
    const b = { ...userLogItem(userLog({ id: 'b' })) };
    const later = { ...userLogItem(userLog({ id: 'c', timestamp: '2025-03-10T09:00:00.000Z' })) };
    expect(newestFirst([b, a, later]).map((i) => i.id)).toEqual(['users/c', 'users/a', 'users/b']);
  });
});
