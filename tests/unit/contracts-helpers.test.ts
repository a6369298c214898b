import { describe, expect, it } from 'vitest';
import { submissionFieldIssues } from '../../src/domain/contracts/submission';
import { attachmentBlob } from '../../src/features/contracts/compliance/attachment-preview';
import { formatDate, formatDateTime } from '../../src/features/contracts/shared/format';
import {
  attachmentIssueMessages,
  issueMessages,
  onlyAttachmentIssues,
} from '../../src/features/contracts/teacher-file/field-issues';
import {
  contractFromDraft,
  draftFromContract,
  validateContractDraft,
  type ContractDraft,
} from '../../src/features/contracts/vh/contract-draft';
import { fr } from '../../src/i18n/fr';

const ids = (prefix: string) => {
  let n = 0;
  return () => `${prefix}${++n}`;
};

describe('VH contract edit dialog draft', () => {
  it('a new contract runs from today through 90 days later with one empty pair', () => {
    const draft = draftFromContract(null, '2025-03-10T15:00:00Z', ids('k'));
    expect(draft).toEqual({
      teacherUserId: '',
      startDate: '2025-03-10',
      endDate: '2025-06-08',
      hourlyRate: '',
      pairs: [{ key: 'k1', entryId: null, classId: '', moduleId: '', capHours: '0' }],
    });
  });

  it('shows stored caps in whole hours and keeps entry ids', () => {
    const draft = draftFromContract(
      {
        id: 'c',
        teacherUserId: 't',
        startDate: '2025-01-01',
        endDate: '2025-02-01',
        createdAt: 'x',
        entries: [{ id: 'e', classId: 'cl', moduleId: 'm', volumeCapMin: 1200 }],
      },
      '2025-03-10',
      ids('k'),
    );
    expect(draft.pairs).toEqual([{ key: 'e', entryId: 'e', classId: 'cl', moduleId: 'm', capHours: '20' }]);
  });

  const valid: ContractDraft = {
    teacherUserId: 't',
    startDate: '2025-03-01',
    endDate: '2025-03-31',
    hourlyRate: '',
    pairs: [
      { key: 'a', entryId: 'e-old', classId: 'cl-1', moduleId: 'm-1', capHours: '20' },
      { key: 'b', entryId: null, classId: 'cl-2', moduleId: 'm-1', capHours: '0' },
    ],
  };

  it('stores caps in minutes (0 = no cap) and gives new entries ids', () => {
    const result = validateContractDraft(valid, ids('ce-'));
    expect(result).toEqual({
      ok: true,
      value: {
        teacherUserId: 't',
        startDate: '2025-03-01',
        endDate: '2025-03-31',
        hourlyRate: null,
        entries: [
          { id: 'e-old', classId: 'cl-1', moduleId: 'm-1', volumeCapMin: 1200 },
          { id: 'ce-1', classId: 'cl-2', moduleId: 'm-1', volumeCapMin: 0 },
        ],
      },
    });
  });

  it.each([
    [{ teacherUserId: '' }, { teacher: 'teacher', byPair: {} }],
    [{ endDate: '2025-02-28' }, { dates: 'end-before-start', byPair: {} }],
    [{ startDate: '2025-02-30' }, { dates: 'invalid-start-date', byPair: {} }],
    [{ pairs: [] }, { pairs: 'no-pairs', byPair: {} }],
    [
      { pairs: [{ key: 'a', entryId: null, classId: '', moduleId: '', capHours: '1.5' }] },
      { byPair: { a: { class: 'class', module: 'module', cap: 'not-whole-hours' } } },
    ],
    [
      { pairs: [{ key: 'a', entryId: null, classId: 'c', moduleId: 'm', capHours: '-1' }] },
      { byPair: { a: { cap: 'negative' } } },
    ],
    [
      {
        pairs: [
          { key: 'a', entryId: null, classId: 'c', moduleId: 'm', capHours: '1' },
          { key: 'b', entryId: null, classId: 'c', moduleId: 'm', capHours: '2' },
        ],
      },
      { byPair: { b: { duplicate: 'duplicate' } } },
    ],
  ] as const)('refuses %j', (patch, issues) => {
    expect(validateContractDraft({ ...valid, ...patch } as ContractDraft, ids('x'))).toEqual({
      ok: false,
      issues,
    });
  });

  it('every draft issue code has a French message', () => {
    for (const code of [
      'invalid-start-date',
      'invalid-end-date',
      'end-before-start',
      'no-pairs',
      'duplicate',
    ] as const)
      expect(fr.contracts.vh.errors[code]).toMatch(/\S/);
  });

  it.each([
    ['', null],
    ['0', 0],
    ['6000', 6000],
    ['6 500,5', 6500.5],
    ['-1', 'invalid-rate'],
    ['six mille', 'invalid-rate'],
  ])('reads the hourly rate %j as %j (issue 32)', (typed, expected) => {
    const result = validateContractDraft({ ...valid, hourlyRate: typed }, ids('ce-'));
    if (typeof expected === 'string') expect(result).toMatchObject({ ok: false, issues: { rate: expected } });
    else expect(result).toMatchObject({ ok: true, value: { hourlyRate: expected } });
  });

  it('an edit keeps the id, createdAt and unknown fields', () => {
    const existing = {
      id: 'c',
      teacherUserId: 't0',
      startDate: '2025-01-01',
      endDate: '2025-01-02',
      createdAt: '2024-12-01T00:00:00.000Z',
      status: 'validated',
      entries: [],
    };
    const next = contractFromDraft(
      existing,
      { teacherUserId: 't', startDate: '2025-03-01', endDate: '2025-03-31', entries: [] },
      'new-id',
      '2025-03-10T00:00:00Z',
    );
    expect(next).toMatchObject({
      id: 'c',
      createdAt: '2024-12-01T00:00:00.000Z',
      status: 'validated',
      teacherUserId: 't',
    });
    const { id: _id, createdAt: _createdAt, ...value } = next;
    expect(contractFromDraft(null, value, 'new-id', '2025-03-10T00:00:00Z')).toMatchObject({
      id: 'new-id',
      createdAt: '2025-03-10T00:00:00.000Z',
    });
  });
});

describe('contract file messages (codes -> French)', () => {
  const issues = submissionFieldIssues(
    { attachments: [], bankCode: 'SN01', branchCode: '01234' },
    '2025-03-10T00:00:00Z',
  );

  it('gives every field its message, specific ones first', () => {
    const messages = issueMessages(issues);
    expect(messages.firstName).toBe('Ce champ est obligatoire.');
    expect(messages.civility).toBe('Choisissez la civilité.');
    expect(messages.attestsTruth).toBe("Cochez l'attestation sur l'honneur pour soumettre.");
    expect(messages.bankCode).toBe('Code banque : 5 lettres ou chiffres.');
    expect(messages['attachments.rib']).toBe('Ajoutez votre RIB.');
    expect(attachmentIssueMessages(messages)).toEqual([
      "Ajoutez votre pièce d'identité.",
      'Ajoutez votre RIB.',
    ]);
    for (const text of Object.values(messages)) expect(text).toMatch(/\S/);
  });

  it('sends the teacher to the files step only when files alone are missing', () => {
    expect(onlyAttachmentIssues(issues)).toBe(false);
    expect(onlyAttachmentIssues([{ field: 'attachments.id', code: 'missing-attachment' }])).toBe(true);
    expect(onlyAttachmentIssues([])).toBe(false);
  });

  it('a birth date in the future gets its own message', () => {
    const [issue] = submissionFieldIssues({ birthDate: '2030-01-01' }, '2025-03-10T00:00:00Z').filter(
      (i) => i.field === 'birthDate',
    );
    expect(issueMessages(issue ? [issue] : []).birthDate).toBe('La date de naissance doit être passée.');
  });
});

describe('contracts display helpers', () => {
  it('formats dates in French order and UTC', () => {
    expect(formatDate('2025-03-09')).toBe('09/03/2025');
    expect(formatDate('pas une date')).toBe('pas une date');
    expect(formatDateTime('2025-03-09T23:30:00.000Z')).toBe('09/03/2025 23:30');
    expect(formatDateTime(null)).toBe('');
  });

  it('turns stored content into a blob of the type its bytes prove, never the declared one', async () => {
    const blob = attachmentBlob({ contentBase64: 'data:text/html;base64,JVBERi0=' });
    expect(blob?.type).toBe('application/pdf');
    expect(await blob?.text()).toBe('%PDF-');
    expect(attachmentBlob({ contentBase64: 'JVBERi0=' }, 'application/pdf')?.type).toBe('application/pdf');
    expect(attachmentBlob({ contentBase64: 'data:image/png;base64,@@@' })).toBeNull();
    // "BM" then HTML under a declared text/html: opaque bytes, never an HTML document at the app's origin.
    const html = Buffer.from('BM<html><script>alert(1)</script></html>').toString('base64');
    expect(attachmentBlob({ contentBase64: `data:text/html;base64,${html}` })?.type).toBe(
      'application/octet-stream',
    );
  });
});
