import type { TeacherContractSubmission } from '../store/schema';
import type { Actor } from '../planning/planning-log';
import { parseIsoDate, toIsoInstant, toUtc, type InstantLike } from '../time/instant';
import { validateBankFullNumber, validateRibParts, type BankNumberError, type RibError } from './bank';
import { dialCodeFromTimeZone } from './dial-code';

export type SubmissionStatus = TeacherContractSubmission['status'];

/** The fields the teacher fills in; status and review fields are set only by the transitions below. */
export const SUBMISSION_FIELD_KEYS = [
  'civility',
  'firstName',
  'lastName',
  'birthDate',
  'address',
  'phoneDialCode',
  'phoneRest',
  'email',
  'idType',
  'idNumber',
  'emergencyName',
  'emergencyPhoneDialCode',
  'emergencyPhoneRest',
  'emergencyEmail',
  'bankFullNumber',
  'bankName',
  'bankCode',
  'branchCode',
  'accountNumber',
  'ribKey',
  'attestsTruth',
  'attachments',
] as const;

// Pick, not Omit: the store's loose objects carry an index signature that Omit would flatten.
export type SubmissionFields = Partial<
  Pick<TeacherContractSubmission, (typeof SUBMISSION_FIELD_KEYS)[number]>
>;

export type FieldIssueCode =
  | 'required'
  | 'invalid-date'
  | 'future-date'
  | 'invalid-email'
  | 'invalid-phone'
  | 'invalid-dial-code'
  | 'must-attest'
  | 'missing-attachment'
  | BankNumberError
  | RibError;

export interface FieldIssue {
  /** A submission field name, or 'attachments.id' / 'attachments.rib' for a missing file. */
  field: string;
  code: FieldIssueCode;
}

export type SubmissionError = 'read-only' | 'already-validated' | 'invalid-fields';

export type SubmissionResult =
  | { ok: true; value: TeacherContractSubmission }
  | { ok: false; code: SubmissionError; issues?: FieldIssue[] };

/** Only the teacher's fields, so a caller cannot slip a status or a reviewer through a form object. */
export function pickSubmissionFields(fields: SubmissionFields): SubmissionFields {
  const picked: Record<string, unknown> = {};
  for (const key of SUBMISSION_FIELD_KEYS) if (key in fields) picked[key] = fields[key];
  return picked;
}

/** spec part 2 point 4: a validated file is read-only. */
export function isSubmissionReadOnly(submission: Pick<TeacherContractSubmission, 'status'> | null): boolean {
  return submission?.status === 'validated';
}

/** spec part 2 point 4: Valider and Refuser are offered for any non-validated file. */
export function canReviewSubmission(submission: Pick<TeacherContractSubmission, 'status'>): boolean {
  return submission.status !== 'validated';
}

/**
 * spec part 2 point 5: first and last name default to parts of the account name (first word, then the rest),
 * the e-mail is the account's, and the dial code comes from the time zone.
 */
export function initialSubmissionFields(account: {
  name: string;
  email: string;
  timeZone?: string | null;
}): SubmissionFields {
  const [firstName = '', ...rest] = account.name.trim().split(/\s+/);
  const dialCode = dialCodeFromTimeZone(account.timeZone);
  return {
    firstName,
    lastName: rest.join(' '),
    email: account.email,
    phoneDialCode: dialCode,
    emergencyPhoneDialCode: dialCode,
    attachments: [],
  };
}

/**
 * "Suivant" and saving: stores the fields without changing the status (a new file starts as draft). The
 * e-mail always stays the account's (spec part 2 point 5: read-only). Refused once validated.
 */
export function saveSubmission(input: {
  current: TeacherContractSubmission | null;
  fields: SubmissionFields;
  id: string;
  teacherUserId: string;
  accountEmail: string;
  now: InstantLike;
}): SubmissionResult {
  if (isSubmissionReadOnly(input.current)) return { ok: false, code: 'read-only' };
  const base: TeacherContractSubmission = input.current ?? {
    id: input.id,
    teacherUserId: input.teacherUserId,
    status: 'draft',
    attachments: [],
  };
  return {
    ok: true,
    value: {
      ...base,
      ...pickSubmissionFields(input.fields),
      email: input.accountEmail,
      updatedAt: toIsoInstant(input.now),
    },
  };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DIAL_CODE_PATTERN = /^\+\d{1,4}$/;
/** 6 to 14 digits once spaces, dots and dashes are removed: local numbers of the region without the dial code. */
const PHONE_REST_PATTERN = /^\d{6,14}$/;

function blank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * Fields a reviewer needs before a file may be submitted (the spec leaves them open; we ask for
 * sensible ones): identity, birth date in the past, address, phone, e-mail, identity document, bank details
 * (a valid full number, or well-formed RIB parts), the truth attestation, and the id and RIB files.
 * The emergency contact is optional but checked when given.
 */
export function submissionFieldIssues(fields: SubmissionFields, now: InstantLike): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const required = [
    'civility',
    'firstName',
    'lastName',
    'birthDate',
    'address',
    'phoneRest',
    'email',
    'idType',
    'idNumber',
    'bankName',
  ] as const;
  for (const field of required) if (blank(fields[field])) issues.push({ field, code: 'required' });

  if (!blank(fields.birthDate)) {
    const birth = parseIsoDate(fields.birthDate);
    if (!birth) issues.push({ field: 'birthDate', code: 'invalid-date' });
    else if (birth >= toUtc(now).startOf('day')) issues.push({ field: 'birthDate', code: 'future-date' });
  }
  const phone = (
    field: 'phoneRest' | 'emergencyPhoneRest',
    dial: 'phoneDialCode' | 'emergencyPhoneDialCode',
  ) => {
    if (blank(fields[field])) return;
    if (!PHONE_REST_PATTERN.test((fields[field] ?? '').replace(/[\s.-]/g, '')))
      issues.push({ field, code: 'invalid-phone' });
    if (!DIAL_CODE_PATTERN.test((fields[dial] ?? '').trim()))
      issues.push({ field: dial, code: 'invalid-dial-code' });
  };
  phone('phoneRest', 'phoneDialCode');
  phone('emergencyPhoneRest', 'emergencyPhoneDialCode');
  for (const field of ['email', 'emergencyEmail'] as const) {
    if (!blank(fields[field]) && !EMAIL_PATTERN.test((fields[field] ?? '').trim())) {
      issues.push({ field, code: 'invalid-email' });
    }
  }

  if (!blank(fields.bankFullNumber)) {
    const bank = validateBankFullNumber(fields.bankFullNumber ?? '');
    if (!bank.ok) issues.push({ field: 'bankFullNumber', code: bank.code });
  } else {
    const ribIssues = validateRibParts(fields);
    if (ribIssues.length === 4) issues.push({ field: 'bankFullNumber', code: 'required' });
    else issues.push(...ribIssues);
  }

  if (fields.attestsTruth !== true) issues.push({ field: 'attestsTruth', code: 'must-attest' });
  const kinds = new Set((fields.attachments ?? []).map((a) => a.kind));
  for (const kind of ['id', 'rib'] as const) {
    if (!kinds.has(kind)) issues.push({ field: `attachments.${kind}`, code: 'missing-attachment' });
  }
  return issues;
}

/**
 * Soumettre: draft, submitted or rejected -> submitted (a rejected file is corrected and sent again).
 * The reviewer's previous rejection stays on record until the next review.
 */
export function submitSubmission(input: {
  current: TeacherContractSubmission;
  fields?: SubmissionFields;
  accountEmail?: string;
  now: InstantLike;
}): SubmissionResult {
  if (isSubmissionReadOnly(input.current)) return { ok: false, code: 'read-only' };
  const merged: TeacherContractSubmission = {
    ...input.current,
    ...pickSubmissionFields(input.fields ?? {}),
    email: input.accountEmail ?? input.fields?.email ?? input.current.email,
  };
  const issues = submissionFieldIssues(merged, input.now);
  if (issues.length > 0) return { ok: false, code: 'invalid-fields', issues };
  const at = toIsoInstant(input.now);
  return { ok: true, value: { ...merged, status: 'submitted', submittedAt: at, updatedAt: at } };
}

/** Valider: any non-validated file -> validated, recording who and when. */
export function validateSubmission(input: {
  current: TeacherContractSubmission;
  reviewer: Actor;
  now: InstantLike;
}): SubmissionResult {
  if (!canReviewSubmission(input.current)) return { ok: false, code: 'already-validated' };
  const at = toIsoInstant(input.now);
  return {
    ok: true,
    value: {
      ...input.current,
      status: 'validated',
      validatedAt: at,
      validatedByUserId: input.reviewer.userId,
      validatedByUserName: input.reviewer.userName,
      updatedAt: at,
    },
  };
}

/** Refuser: any non-validated file -> rejected, with an optional reason (blank means none). */
export function rejectSubmission(input: {
  current: TeacherContractSubmission;
  reviewer: Actor;
  reason?: string | null;
  now: InstantLike;
}): SubmissionResult {
  if (!canReviewSubmission(input.current)) return { ok: false, code: 'already-validated' };
  const at = toIsoInstant(input.now);
  const reason = (input.reason ?? '').trim();
  return {
    ok: true,
    value: {
      ...input.current,
      status: 'rejected',
      rejectionReason: reason === '' ? null : reason,
      rejectedAt: at,
      rejectedByUserId: input.reviewer.userId,
      rejectedByUserName: input.reviewer.userName,
      updatedAt: at,
    },
  };
}
