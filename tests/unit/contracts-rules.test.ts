import { describe, expect, it } from 'vitest';
import type { Contract, TeacherContractSubmission } from '../../src/domain/store/schema';
import {
  ATTACHMENT_KINDS,
  attachmentPreviewKind,
  checkAttachment,
  UPLOAD_MAX_BYTES,
} from '../../src/domain/contracts/attachments';
import { validateBankFullNumber, validateIban, validateRibParts } from '../../src/domain/contracts/bank';
import {
  CAP_NEAR_PERCENT,
  capLevel,
  contractLineUsage,
  contractWarnings,
} from '../../src/domain/contracts/contract-warnings';
import { DIAL_CODE_FALLBACK, dialCodeFromTimeZone } from '../../src/domain/contracts/dial-code';
import {
  initialSubmissionFields,
  rejectSubmission,
  saveSubmission,
  submissionFieldIssues,
  submitSubmission,
  validateSubmission,
  type SubmissionFields,
} from '../../src/domain/contracts/submission';
import { mustCompleteContractFile, TEACHER_CONTRACT_ROUTE } from '../../src/domain/contracts/teacher-routing';
import {
  capHoursToMinutes,
  capMinutesToHours,
  contractOverlaps,
  defaultContractDates,
  isContractCurrent,
  NEW_CONTRACT_DEFAULT_DAYS,
  validateContractDates,
} from '../../src/domain/contracts/vh-contracts';
import { dayRange, monthRange } from '../../src/domain/time/period';
import { attachment, slot, weekTimetable } from '../support/builders';

function contract(overrides: Partial<Contract> = {}): Contract {
  return {
    id: 'ct-1',
    teacherUserId: 'teacher-a',
    startDate: '2025-03-01',
    endDate: '2025-03-31',
    createdAt: '2025-02-20T00:00:00.000Z',
    entries: [
      { id: 'e-math', classId: 'class-1', moduleId: 'mod-math', volumeCapMin: 240 },
      { id: 'e-fr', classId: 'class-1', moduleId: 'mod-fr', volumeCapMin: 0 },
    ],
    ...overrides,
  };
}

describe('cap levels (spec part 2 point 5; 90% warning beyond the spec)', () => {
  it.each([
    [0, 600, 'ok'],
    [539, 600, 'ok'],
    [540, 600, 'near'],
    [599, 600, 'near'],
    [600, 600, 'near'],
    [601, 600, 'exceeded'],
    [54, 60, 'near'],
    [53, 60, 'ok'],
    [54, 61, 'ok'],
    [55, 61, 'near'],
    [10_000, 0, 'no-cap'],
  ])('planned %i for a cap of %i: %s', (planned, cap, level) => {
    expect(capLevel(planned, cap)).toBe(level);
    expect(CAP_NEAR_PERCENT).toBe(90);
  });
});

describe('contract warnings (spec part 2 point 5)', () => {
  const week10 = weekTimetable('w10', '2025-03-10', [
    slot(),
    slot({ dayOfWeek: 2 }),
    slot({ dayOfWeek: 3, moduleId: 'mod-fr' }),
    slot({ dayOfWeek: 4, moduleId: 'mod-eng' }),
    slot({ dayOfWeek: 4, moduleId: 'mod-eng', startTime: '14:00', endTime: '15:00' }),
    slot({ dayOfWeek: 5, teacherUserId: 'teacher-b' }),
    slot({ dayOfWeek: 5, moduleId: 'mod-x', canceled: true }),
  ]);

  it('flags pairs without contract, pairs not allowed, and caps reached', () => {
    expect(contractWarnings({ candidates: [week10], timetables: [], contracts: [contract()] })).toEqual([
      {
        code: 'pair-not-allowed',
        timetableId: 'w10',
        contractIds: ['ct-1'],
        teacherUserId: 'teacher-a',
        classId: 'class-1',
        moduleId: 'mod-eng',
      },
      {
        code: 'no-contract',
        timetableId: 'w10',
        teacherUserId: 'teacher-b',
        classId: 'class-1',
        moduleId: 'mod-math',
      },
      {
        code: 'cap-near',
        contractId: 'ct-1',
        entryId: 'e-math',
        plannedMin: 240,
        capMin: 240,
        remainingMin: 0,
        teacherUserId: 'teacher-a',
        classId: 'class-1',
        moduleId: 'mod-math',
      },
    ]);
  });

  it('counts planned minutes of every timetable in the contract days; above the cap exceeds', () => {
    const week17 = weekTimetable('w17', '2025-03-17', [slot({ endTime: '08:01' })]);
    const april = weekTimetable('w-apr', '2025-03-31', [slot({ dayOfWeek: 2 })]); // Tuesday 1 April: outside
    const warnings = contractWarnings({
      candidates: [week10],
      timetables: [week17, april, week10],
      contracts: [contract()],
    });
    expect(warnings.find((w) => w.code === 'cap-exceeded')).toMatchObject({
      plannedMin: 241,
      capMin: 240,
      remainingMin: -1,
    });
  });

  it('a candidate replaces its stored version', () => {
    const stored = weekTimetable('w10', '2025-03-10', [
      slot(),
      slot({ dayOfWeek: 2 }),
      slot({ dayOfWeek: 3 }),
    ]);
    const candidate = weekTimetable('w10', '2025-03-10', [slot()]);
    expect(
      contractWarnings({ candidates: [candidate], timetables: [stored], contracts: [contract()] }),
    ).toEqual([]);
  });

  it.each([
    ['a contract of another period', { startDate: '2025-04-01', endDate: '2025-04-30' }, 'no-contract'],
    ['a contract ending the Monday of the week', { startDate: '2025-01-01', endDate: '2025-03-10' }, null],
    ['a contract starting the Sunday of the week', { startDate: '2025-03-16', endDate: '2025-06-30' }, null],
    [
      'a contract ending the Sunday before',
      { startDate: '2025-01-01', endDate: '2025-03-09' },
      'no-contract',
    ],
  ])('%s', (_label, dates, code) => {
    const t = weekTimetable('w10', '2025-03-10', [slot({ endTime: '09:00' })]);
    const warnings = contractWarnings({ candidates: [t], timetables: [], contracts: [contract(dates)] });
    expect(warnings.map((w) => w.code)).toEqual(code ? [code] : []);
  });

  it('"Voir lignes": planned, real, cap and remaining per pair', () => {
    const logs = [
      {
        id: 'c1',
        timestamp: '2025-03-10T08:00:00Z',
        action: 'planning-checkin' as const,
        timetableId: 'w10',
        classId: 'class-1',
        moduleId: 'mod-math',
        teacherUserId: 'teacher-a',
        slotIndex: 0,
      },
      {
        id: 'o1',
        timestamp: '2025-03-10T09:30:00Z',
        action: 'planning-checkout' as const,
        timetableId: 'w10',
        classId: 'class-1',
        moduleId: 'mod-math',
        teacherUserId: 'teacher-a',
        slotIndex: 0,
      },
    ];
    expect(
      contractLineUsage({ contract: contract(), timetables: [week10], logs, now: '2025-03-20T00:00:00Z' }),
    ).toEqual([
      {
        entryId: 'e-math',
        classId: 'class-1',
        moduleId: 'mod-math',
        plannedMin: 240,
        realMin: 90,
        capMin: 240,
        remainingMin: 0,
        level: 'near',
      },
      {
        entryId: 'e-fr',
        classId: 'class-1',
        moduleId: 'mod-fr',
        plannedMin: 120,
        realMin: 0,
        capMin: 0,
        remainingMin: null,
        level: 'no-cap',
      },
    ]);
  });
});

describe('VH contracts (spec part 2 point 2 and 5)', () => {
  it.each([
    ['0', { ok: true, value: 0 }],
    ['', { ok: true, value: 0 }],
    ['1', { ok: true, value: 60 }],
    [' 40 ', { ok: true, value: 2400 }],
    [4, { ok: true, value: 240 }],
    ['1.5', { ok: false, code: 'not-whole-hours' }],
    ['1,5', { ok: false, code: 'not-whole-hours' }],
    ['-1', { ok: false, code: 'negative' }],
    ['abc', { ok: false, code: 'invalid-number' }],
  ])('cap input %j', (input, result) => {
    expect(capHoursToMinutes(input)).toEqual(result);
  });

  it('cap minutes back to hours', () => {
    expect([capMinutesToHours(0), capMinutesToHours(240), capMinutesToHours(-5)]).toEqual([0, 4, 0]);
  });

  it.each([
    ['2025-03-10T15:00:00Z', '2025-03-10', '2025-06-08'],
    ['2024-12-01T00:00:00Z', '2024-12-01', '2025-03-01'],
    ['2024-01-01T23:59:59Z', '2024-01-01', '2024-03-31'],
  ])('a new contract on %s runs %s to %s', (today, startDate, endDate) => {
    expect(defaultContractDates(today)).toEqual({ startDate, endDate });
    expect(NEW_CONTRACT_DEFAULT_DAYS).toBe(90);
  });

  it.each([
    ['2025-02-28T23:59:59Z', false],
    ['2025-03-01T00:00:00Z', true],
    ['2025-03-15T12:00:00Z', true],
    ['2025-03-31T23:59:59Z', true],
    ['2025-04-01T00:00:00Z', false],
  ])("'en cours' on %s: %s", (today, current) => {
    expect(isContractCurrent(contract(), today)).toBe(current);
  });

  it.each([
    ['2025-03-01', '2025-03-01', { ok: true, value: { startDate: '2025-03-01', endDate: '2025-03-01' } }],
    ['2025-03-02', '2025-03-01', { ok: false, code: 'end-before-start' }],
    ['2025-02-30', '2025-03-01', { ok: false, code: 'invalid-start-date' }],
    ['2025-03-01', '', { ok: false, code: 'invalid-end-date' }],
  ])('dates %s to %s', (start, end, result) => {
    expect(validateContractDates(start, end)).toEqual(result);
  });

  it('overlap with a period', () => {
    expect(contractOverlaps(contract(), dayRange('2025-03-31'))).toBe(true);
    expect(contractOverlaps(contract(), dayRange('2025-04-01'))).toBe(false);
    expect(contractOverlaps(contract(), monthRange('2025-02-10'))).toBe(false);
  });
});

const complete: SubmissionFields = {
  civility: 'Mme.',
  firstName: 'Awa',
  lastName: 'Diop',
  birthDate: '1990-05-17',
  address: 'Rue 10, Dakar',
  phoneDialCode: '+221',
  phoneRest: '77 123 45 67',
  email: 'awa.diop@example.sn',
  idType: 'CNI',
  idNumber: '1751199000123',
  bankName: 'Banque Exemple',
  bankFullNumber: 'SN08 SN01 0015 2000 0485 0000 3035',
  attestsTruth: true,
  attachments: [attachment('id'), attachment('rib')],
};

describe('teacher contract file status machine (spec part 2 point 4)', () => {
  const reviewer = { userId: 'rev-1', userName: 'Conformité' };
  const now = '2025-03-10T09:00:00Z';
  const save = (current: TeacherContractSubmission | null, fields: SubmissionFields = complete) =>
    saveSubmission({
      current,
      fields,
      id: 'sub-1',
      teacherUserId: 'teacher-a',
      accountEmail: 'awa.diop@example.sn',
      now,
    });
  const value = <T extends { ok: boolean }>(result: T) => {
    if (!('value' in result)) throw new Error(JSON.stringify(result));
    return result.value as TeacherContractSubmission;
  };

  it('draft -> submitted -> rejected -> submitted -> validated, then read-only', () => {
    const draft = value(save(null));
    expect(draft).toMatchObject({
      id: 'sub-1',
      teacherUserId: 'teacher-a',
      status: 'draft',
      updatedAt: '2025-03-10T09:00:00.000Z',
    });
    const submitted = value(submitSubmission({ current: draft, now }));
    expect(submitted).toMatchObject({ status: 'submitted', submittedAt: '2025-03-10T09:00:00.000Z' });
    const rejected = value(
      rejectSubmission({
        current: submitted,
        reviewer,
        reason: '  RIB illisible ',
        now: '2025-03-11T09:00:00Z',
      }),
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejectionReason: 'RIB illisible',
      rejectedAt: '2025-03-11T09:00:00.000Z',
      rejectedByUserId: 'rev-1',
      rejectedByUserName: 'Conformité',
    });
    const corrected = value(save(rejected, { bankName: 'Autre banque' }));
    expect(corrected.status).toBe('rejected');
    const resubmitted = value(submitSubmission({ current: corrected, now: '2025-03-12T09:00:00Z' }));
    expect(resubmitted).toMatchObject({
      status: 'submitted',
      submittedAt: '2025-03-12T09:00:00.000Z',
      bankName: 'Autre banque',
    });
    const validated = value(
      validateSubmission({ current: resubmitted, reviewer, now: '2025-03-13T09:00:00Z' }),
    );
    expect(validated).toMatchObject({
      status: 'validated',
      validatedAt: '2025-03-13T09:00:00.000Z',
      validatedByUserId: 'rev-1',
    });

    expect(save(validated)).toEqual({ ok: false, code: 'read-only' });
    expect(submitSubmission({ current: validated, now })).toEqual({ ok: false, code: 'read-only' });
    expect(validateSubmission({ current: validated, reviewer, now })).toEqual({
      ok: false,
      code: 'already-validated',
    });
    expect(rejectSubmission({ current: validated, reviewer, now })).toEqual({
      ok: false,
      code: 'already-validated',
    });
  });

  it.each(['draft', 'submitted', 'rejected'] as const)("'%s' can be validated or rejected", (status) => {
    const current = { ...value(save(null)), status };
    expect(value(validateSubmission({ current, reviewer, now })).status).toBe('validated');
    expect(value(rejectSubmission({ current, reviewer, now })).status).toBe('rejected');
  });

  it("'Suivant' saves without changing the status", () => {
    const submitted = { ...value(save(null)), status: 'submitted' as const };
    expect(value(save(submitted, { address: 'Ailleurs' }))).toMatchObject({
      status: 'submitted',
      address: 'Ailleurs',
    });
  });

  it('a blank rejection reason is no reason', () => {
    const current = value(save(null));
    expect(value(rejectSubmission({ current, reviewer, reason: '   ', now })).rejectionReason).toBeNull();
    expect(value(rejectSubmission({ current, reviewer, now })).rejectionReason).toBeNull();
  });

  it('the e-mail stays the account one and a form cannot set the status', () => {
    const forged = { ...complete, email: 'other@example.com', status: 'validated' } as SubmissionFields;
    const saved = value(save(null, forged));
    expect(saved.email).toBe('awa.diop@example.sn');
    expect(saved.status).toBe('draft');
  });

  it('submitting an incomplete file lists the issues', () => {
    const draft = value(save(null, { firstName: 'Awa' }));
    const result = submitSubmission({ current: draft, now });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.code).toBe('invalid-fields');
    expect(!result.ok && result.issues?.map((i) => `${i.field}:${i.code}`)).toEqual([
      'civility:required',
      'lastName:required',
      'birthDate:required',
      'address:required',
      'phoneRest:required',
      'idType:required',
      'idNumber:required',
      'bankName:required',
      'bankFullNumber:required',
      'attestsTruth:must-attest',
      'attachments.id:missing-attachment',
      'attachments.rib:missing-attachment',
    ]);
  });
});

describe('contract form fields', () => {
  const now = '2025-03-10T09:00:00Z';
  it('a complete file has no issue', () => {
    expect(submissionFieldIssues(complete, now)).toEqual([]);
  });

  it.each([
    [{ birthDate: '2025-03-10' }, ['birthDate:future-date']],
    [{ birthDate: '2025-03-09' }, []],
    [{ birthDate: '17/05/1990' }, ['birthDate:invalid-date']],
    [{ phoneRest: '12345' }, ['phoneRest:invalid-phone']],
    [{ phoneRest: '77.123.45.67' }, []],
    [{ phoneDialCode: '221' }, ['phoneDialCode:invalid-dial-code']],
    [{ email: 'awa@' }, ['email:invalid-email']],
    [{ emergencyEmail: 'x' }, ['emergencyEmail:invalid-email']],
    [{ emergencyPhoneRest: '771234567', emergencyPhoneDialCode: '+225' }, []],
    [{ bankFullNumber: 'SN08SN0100152000048500003036' }, ['bankFullNumber:iban-checksum']],
    [{ bankFullNumber: 'SN010 01520 000485000030 35' }, []],
    [{ bankFullNumber: '12345' }, ['bankFullNumber:rib-format']],
    [
      {
        bankFullNumber: '',
        bankCode: 'SN010',
        branchCode: '01520',
        accountNumber: '000485000030',
        ribKey: '35',
      },
      [],
    ],
    [
      {
        bankFullNumber: '',
        bankCode: 'SN010',
        branchCode: '0152',
        accountNumber: '000485000030',
        ribKey: '35',
      },
      ['branchCode:branch-code-format'],
    ],
    [{ attestsTruth: false }, ['attestsTruth:must-attest']],
    [{ attachments: [attachment('id'), attachment('attestation')] }, ['attachments.rib:missing-attachment']],
  ])('%j', (change, issues) => {
    expect(submissionFieldIssues({ ...complete, ...change }, now).map((i) => `${i.field}:${i.code}`)).toEqual(
      issues,
    );
  });

  it('defaults from the account and the time zone', () => {
    expect(
      initialSubmissionFields({
        name: ' Awa  Ndiaye Diop ',
        email: 'awa@example.sn',
        timeZone: 'Africa/Abidjan',
      }),
    ).toEqual({
      firstName: 'Awa',
      lastName: 'Ndiaye Diop',
      email: 'awa@example.sn',
      phoneDialCode: '+225',
      emergencyPhoneDialCode: '+225',
      attachments: [],
    });
    expect(initialSubmissionFields({ name: 'Awa', email: 'a@b.sn' })).toMatchObject({
      firstName: 'Awa',
      lastName: '',
      phoneDialCode: '+221',
    });
  });
});

describe('attachments (spec part 2 point 5)', () => {
  it.each([
    ['piece.pdf', 'application/pdf', 3_000_000, { ok: true, value: { mimeType: 'application/pdf' } }],
    ['piece.pdf', 'application/pdf', 3_000_001, { ok: false, code: 'too-large' }],
    ['photo.jpg', 'image/jpeg', 2_999_999, { ok: true, value: { mimeType: 'image/jpeg' } }],
    ['photo.JPG', '', 1000, { ok: true, value: { mimeType: 'image/jpeg' } }],
    ['scan.png', null, 1000, { ok: true, value: { mimeType: 'image/png' } }],
    ['photo.webp', 'image/webp', 1000, { ok: true, value: { mimeType: 'image/webp' } }],
    ['dessin.svg', 'image/svg+xml', 1000, { ok: false, code: 'unsupported-type' }],
    [
      'cv.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      1000,
      { ok: false, code: 'unsupported-type' },
    ],
    ['sans-extension', '', 1000, { ok: false, code: 'unsupported-type' }],
    ['vide.pdf', 'application/pdf', 0, { ok: false, code: 'empty' }],
  ])('%s (%s, %i bytes)', (name, type, size, result) => {
    expect(checkAttachment({ name, type, size })).toEqual(result);
    expect(UPLOAD_MAX_BYTES).toBe(3_000_000);
  });

  it.each([
    [{ name: 'a.pdf', contentBase64: 'JVBERi0=' }, 'pdf'],
    [{ name: 'a.bin', contentBase64: 'data:image/png;base64,iVBORw0KGgoAAAAN' }, 'image'],
    // The bytes decide, never the name or the declared type.
    [{ name: 'a.jpeg', contentBase64: 'abcd' }, 'download'],
    [{ name: 'a.bmp', contentBase64: `data:image/bmp;base64,${btoa('BM<html><script>')}` }, 'download'],
    [{ name: 'a.svg', contentBase64: 'data:image/svg+xml;base64,PHN2Zz4=' }, 'download'],
    [{ name: 'a.zip', contentBase64: 'UEsDBA==' }, 'download'],
  ])('preview of %j: %s', (file, kind) => {
    expect(attachmentPreviewKind(file)).toBe(kind);
  });

  it('the three kinds', () => {
    expect(ATTACHMENT_KINDS).toEqual(['id', 'rib', 'attestation']);
  });
});

describe('dial code from the time zone (spec part 2 point 5)', () => {
  it.each([
    ['Africa/Dakar', '+221'],
    ['Africa/Abidjan', '+225'],
    ['Africa/Casablanca', '+212'],
    ['Europe/Paris', '+33'],
    ['Europe/London', '+44'],
    ['America/New_York', '+1'],
    ['Asia/Tokyo', '+221'],
    ['', '+221'],
    [null, '+221'],
    [undefined, '+221'],
  ])('%s -> %s', (zone, code) => {
    expect(dialCodeFromTimeZone(zone)).toBe(code);
    expect(DIAL_CODE_FALLBACK).toBe('+221');
  });
});

describe('IBAN and RIB shapes', () => {
  it.each([
    ['FR14 2004 1010 0505 0001 3M02 606', { ok: true, value: 'FR1420041010050500013M02606' }],
    ['GB82WEST12345698765432', { ok: true, value: 'GB82WEST12345698765432' }],
    ['de89 3704 0044 0532 0130 00', { ok: true, value: 'DE89370400440532013000' }],
    ['SN08SN0100152000048500003035', { ok: true, value: 'SN08SN0100152000048500003035' }],
    ['CI93CI0080111301134291200589', { ok: true, value: 'CI93CI0080111301134291200589' }],
    ['SN08SN0100152000048500003036', { ok: false, code: 'iban-checksum' }],
    ['SN08SN010015200004850000303', { ok: false, code: 'iban-length' }],
    ['XX00123', { ok: false, code: 'iban-length' }],
    ['1234', { ok: false, code: 'iban-format' }],
    ['FR14-2004-1010-0505-0001-3M02-606', { ok: true, value: 'FR1420041010050500013M02606' }],
    ['FR14 2004 1010 0505 0001 3M02 60!', { ok: false, code: 'iban-format' }],
  ])('%s', (iban, result) => {
    expect(validateIban(iban)).toEqual(result);
  });

  it.each([
    [{ bankCode: 'SN010', branchCode: '01520', accountNumber: '000485000030', ribKey: '35' }, []],
    [{ bankCode: '20041', branchCode: '01005', accountNumber: '0500013M026', ribKey: '06' }, []],
    [{ bankCode: 'SN01', branchCode: '01520', accountNumber: '000485000030', ribKey: '35' }, ['bankCode']],
    [
      { bankCode: 'SN010', branchCode: 'A1520', accountNumber: '0004850000301', ribKey: '5' },
      ['branchCode', 'accountNumber', 'ribKey'],
    ],
    [{}, ['bankCode', 'branchCode', 'accountNumber', 'ribKey']],
  ])('RIB parts %j', (parts, fields) => {
    expect(validateRibParts(parts).map((i) => i.field)).toEqual(fields);
  });

  it.each([
    ['SN010 01520 000485000030 35', true],
    ['20041 01005 0500013M026 06', true],
    ['SN010 01520 0004850000 35', false],
    ['ES91 2100 0418 4502 0005 1332', true],
    ['ES91 2100 0418 4502 0005 1333', false],
  ])('full RIB %s', (text, ok) => {
    expect(validateBankFullNumber(text).ok).toBe(ok);
  });
});

describe('teacher routing rule (spec part 2 point 4)', () => {
  it.each([
    ['teacher without file', ['teacher', 'teacher.today'], null, true],
    ['teacher with a draft', ['teacher.planning'], 'draft', true],
    ['teacher with a submitted file', ['teacher.contract'], 'submitted', true],
    ['teacher with a rejected file', ['teacher.contract'], 'rejected', true],
    ['teacher with a validated file', ['teacher', 'teacher.contract'], 'validated', false],
    ['teacher who is also a reviewer', ['teacher', 'contracts.compliance'], null, false],
    ['teacher with settings', ['teacher', 'settings.classes'], null, false],
    ['teacher with users', ['teacher', 'users'], null, false],
    ['not a teacher', ['planning', 'workload'], null, false],
  ] as const)('%s', (_label, modules, status, redirected) => {
    expect(mustCompleteContractFile(modules, status ? { status } : null)).toBe(redirected);
    expect(TEACHER_CONTRACT_ROUTE).toBe('/teacher/contract');
  });
});
