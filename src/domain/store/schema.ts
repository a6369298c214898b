import './zod-setup';
import { z } from 'zod';
import type { CollectionName } from './collections';
import { isIanaTimeZone } from '../settings/time-zone';

/**
 * The `user-mgmt-store/v1` exchange format (spec part 1 point 3, part 2 point 3), shared by the client
 * (export, import, remote load) and the server (request bodies). Objects are "loose": fields this version
 * does not know are kept, so an older or newer client never loses data by passing through this one.
 */

/** The organisation of a request that names none. */
export const DEFAULT_ORG_ID = 'demo';

const id = z.string().min(1);
const optionalText = z.string().nullable().optional();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date AAAA-MM-JJ attendue');
const hhmm = z.string().regex(/^\d{1,2}:\d{2}$/, 'heure HH:MM attendue');

export const userStatusSchema = z.enum(['Active', 'Inactive', 'Archived']);

export const userSchema = z.looseObject({
  id,
  name: z.string(),
  email: z.string(),
  profileId: optionalText,
  status: userStatusSchema,
  extra: z.record(z.string(), z.unknown()).optional(),
  /** PBKDF2 hash (see domain/secrets). A clear `password` is accepted on input only, then hashed and dropped. */
  passwordHash: z.string().optional(),
  password: z.string().optional(),
  mustChangePassword: z.boolean().optional(),
  pin: z.string().optional(),
  pinSalt: z.string().optional(),
  pinHash: z.string().optional(),
  pinFailedAttempts: z.number().int().min(0).optional(),
  pinCooldownUntil: optionalText,
  pinUpdatedAt: optionalText,
  pinExpiresAt: optionalText,
  passwordResetToken: optionalText,
  passwordResetTokenHash: optionalText,
  passwordResetExpiresAt: optionalText,
  /** End of the one-time password's validity (domain/auth/invitation), set by the server only. */
  invitationExpiresAt: optionalText,
  createdByImportId: optionalText,
  isEmergency: z.boolean().optional(),
});

export const profileSchema = z.looseObject({
  id,
  name: z.string(),
  moduleIds: z.array(z.string()),
  formFieldKeys: z.array(z.string()).default([]),
});

export const moduleSchema = z.looseObject({
  id,
  name: z.string(),
  parentId: z.string().nullable().optional(),
});

export const instituteSchema = z.looseObject({ id, name: z.string(), abbr: z.string() });
export const levelSchema = z.looseObject({ id, name: z.string(), abbr: z.string() });

export const classSchema = z.looseObject({
  id,
  code: z.string(),
  levelId: optionalText,
  instituteId: optionalText,
  createdByImportId: optionalText,
});

export const courseModuleSchema = z.looseObject({
  id,
  code: z.string(),
  name: z.string(),
  levelId: optionalText,
  instituteId: optionalText,
  createdByImportId: optionalText,
});

export const deliveryModeSchema = z.enum(['presentiel', 'en-ligne']);
export const periodicitySchema = z.enum(['week', 'month']);

export const slotSchema = z.looseObject({
  /** Stable identity inside the timetable, so that two devices editing different slots both keep their change. */
  id: z.string().optional(),
  dayOfWeek: z.number().int().min(1).max(7),
  startTime: hhmm,
  endTime: hhmm,
  moduleId: z.string(),
  teacherUserId: z.string(),
  deliveryMode: deliveryModeSchema.default('presentiel'),
  canceled: z.boolean().default(false),
  /** The room read in the imported file ("104", "B12", "Salle 12"), when there is one. */
  room: z.string().max(100).optional(),
});

export const timetableSchema = z.looseObject({
  id,
  planningImportId: optionalText,
  periodicity: periodicitySchema,
  year: z.number().int(),
  weekStartDate: isoDate.nullable().optional(),
  month: z.number().int().min(1).max(12).nullable().optional(),
  classId: z.string(),
  slots: z.array(slotSchema),
  createdAt: z.string(),
});

export const planningImportSchema = z.looseObject({
  id,
  periodicity: periodicitySchema,
  year: z.number().int(),
  week: z.number().int().nullable().optional(),
  month: z.number().int().min(1).max(12).nullable().optional(),
  weekStartDate: isoDate.nullable().optional(),
  fileName: z.string().default('import.xlsx'),
  createdAt: z.string(),
});

const timeRange = z.looseObject({ dayOfWeek: z.number().int(), startTime: z.string(), endTime: z.string() });

export const planningLogActionSchema = z.enum([
  'planning-checkin',
  'planning-checkout',
  'planning-cancel',
  'planning-reschedule',
  'planning-change-mode',
  // Beyond the spec: a reviewer's correction of a check-in or check-out time (domain/attendance/trust).
  'planning-correction',
  // Beyond the spec (issue 35): a substitution removed, the course given back to its teacher for one date.
  'planning-restore',
]);

export const planningLogSchema = z.looseObject({
  id,
  timestamp: z.string(),
  action: planningLogActionSchema,
  actorUserId: optionalText,
  actorUserName: optionalText,
  timetableId: z.string(),
  classId: optionalText,
  moduleId: optionalText,
  teacherUserId: optionalText,
  slotIndex: z.number().int().default(-1),
  before: timeRange.nullable().optional(),
  after: timeRange.nullable().optional(),
  modeBefore: deliveryModeSchema.nullable().optional(),
  modeAfter: deliveryModeSchema.nullable().optional(),
  note: optionalText,
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
  accuracy: z.number().nullable().optional(),
  // Trusted time (domain/attendance/trust): `timestamp` is the server time as the device estimated it;
  // deviceTimestamp is the device's own clock; receivedAt is stamped by the server on receipt.
  deviceTimestamp: z.string().nullable().optional(),
  receivedAt: z.string().nullable().optional(),
  /** Stamped by the server: 'kiosk' when a classroom kiosk wrote the log, else 'user'. */
  recordedVia: z.enum(['kiosk', 'user']).nullable().optional(),
  /** Stamped by the server on receipt: 'late-receipt', 'device-handover' (domain/attendance/trust). */
  reviewFlags: z.array(z.string()).nullable().optional(),
  /** A check-out: the check-in it closes. */
  checkinLogId: z.string().nullable().optional(),
  /** A correction ('planning-correction'): the check log it corrects and the corrected time. */
  correctsLogId: z.string().nullable().optional(),
  correctedTimestamp: z.string().nullable().optional(),
  /** A correction outside the slot's planned window: the second, written justification (issue 32). */
  justification: z.string().nullable().optional(),
  /** A correction recording a missing check: the action it records; `madeAt`: when it was made. */
  recordsAction: z.enum(['planning-checkin', 'planning-checkout']).nullable().optional(),
  madeAt: z.string().nullable().optional(),
  /**
   * A correction of a day in a closed month (issue 32, domain/payroll/closing.ts): stamped by the server, the
   * open month 'YYYY-MM' it counts in as a dated adjustment; the closed month's figures never change.
   */
  adjustmentMonth: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .nullable()
    .optional(),
});

export const userLogActionSchema = z.enum([
  'create',
  'update',
  'delete',
  'archive',
  'status-activate',
  'status-deactivate',
  'password-temp-generated',
  'password-reset-requested',
  'password-reset-completed',
  // Issue 31: a device's unsent changes lost (browser storage cleared), reported by POST /api/lost-work.
  'device-lost-work',
  // Issue 33 point 8: a settings screen's change (institute, level, class, module, PIN validity), journaled with
  // the change in the same batch (targetCollection, targetId).
  'settings-change',
]);

export const fieldChangeSchema = z.looseObject({
  key: z.string().optional(),
  label: z.string().optional(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

export const userLogSchema = z.looseObject({
  id,
  action: userLogActionSchema,
  targetUserId: optionalText,
  targetUserName: optionalText,
  actorUserId: optionalText,
  actorUserName: optionalText,
  timestamp: z.string(),
  details: optionalText,
  fields: z.array(fieldChangeSchema).optional(),
});

export const notificationSchema = z.looseObject({
  id,
  // Beyond the spec (issue 35, domain/absences/substitution-notifications): a substitution told to its teachers.
  kind: z.enum([
    'checkin',
    'checkout',
    'substitution-assigned',
    'substitution-replaced',
    'substitution-canceled',
    'substitution-withdrawn',
    'substitution-restored',
  ]),
  createdAt: z.string(),
  timetableId: z.string(),
  slotIndex: z.number().int(),
  classId: optionalText,
  moduleId: optionalText,
  teacherUserId: optionalText,
  read: z.boolean().default(false),
});

export const rescheduleRequestSchema = z.looseObject({
  id,
  timetableId: z.string(),
  slotIndex: z.number().int(),
  classId: optionalText,
  moduleId: optionalText,
  teacherUserId: optionalText,
  requestedAt: z.string(),
  reason: z.string().default(''),
  proposedDate: isoDate,
  proposedStartTime: hhmm,
  proposedEndTime: hhmm,
  status: z.enum(['pending', 'approved', 'validated']),
  approvedAt: optionalText,
  approvedByUserId: optionalText,
  approvedByUserName: optionalText,
  actor: optionalText,
});

export const contractEntrySchema = z.looseObject({
  id,
  classId: z.string(),
  moduleId: z.string(),
  volumeCapMin: z.number().int().min(0).default(0),
});

export const contractSchema = z.looseObject({
  id,
  teacherUserId: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  createdAt: z.string(),
  status: z.string().optional(),
  entries: z.array(contractEntrySchema),
});

export const attachmentSchema = z.looseObject({
  id,
  kind: z.enum(['id', 'rib', 'attestation']),
  name: z.string(),
  contentBase64: z.string(),
  size: z.number().int().min(0),
  uploadedAt: z.string(),
});

export const teacherContractSubmissionSchema = z.looseObject({
  id,
  teacherUserId: z.string(),
  status: z.enum(['draft', 'submitted', 'validated', 'rejected']),
  submittedAt: optionalText,
  validatedAt: optionalText,
  validatedByUserId: optionalText,
  validatedByUserName: optionalText,
  rejectionReason: optionalText,
  rejectedAt: optionalText,
  rejectedByUserId: optionalText,
  rejectedByUserName: optionalText,
  updatedAt: optionalText,
  civility: z.enum(['M.', 'Mme.']).nullable().optional(),
  firstName: optionalText,
  lastName: optionalText,
  birthDate: optionalText,
  address: optionalText,
  phoneDialCode: optionalText,
  phoneRest: optionalText,
  email: optionalText,
  idType: z.enum(['CNI', 'Passeport']).nullable().optional(),
  idNumber: optionalText,
  emergencyName: optionalText,
  emergencyPhoneDialCode: optionalText,
  emergencyPhoneRest: optionalText,
  emergencyEmail: optionalText,
  bankFullNumber: optionalText,
  bankName: optionalText,
  bankCode: optionalText,
  branchCode: optionalText,
  accountNumber: optionalText,
  ribKey: optionalText,
  attestsTruth: z.boolean().optional(),
  attachments: z.array(attachmentSchema).default([]),
});

/** Organisation-wide settings (PIN validity...). Stored as one record with id `org`. */
export const orgSettingsSchema = z.looseObject({
  id,
  pinValidityDays: z.number().int().min(1).max(365).default(90),
  /**
   * Layout mappings of timetable files, saved by the guided mapping of the import (beyond the spec). Each
   * entry is validated where it is read (parseSavedMappings): one unreadable entry never invalidates the
   * settings record.
   */
  importMappings: z.array(z.unknown()).max(50).optional(),
  /** The organisation's IANA time zone (calendar feeds); Africa/Dakar when absent (domain/settings/time-zone). */
  timeZone: z.string().refine(isIanaTimeZone, 'fuseau horaire IANA attendu').optional(),
});

/** A month closing (issue 32, beyond the spec): domain/payroll/closing.ts MonthClosure. */
export const closureEventSchema = z.looseObject({
  action: z.enum(['close', 'reopen']),
  at: z.string(),
  byUserId: z.string(),
  byUserName: optionalText,
  reason: optionalText,
});

export const monthClosureSchema = z.looseObject({
  id,
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'mois AAAA-MM attendu'),
  instituteId: z.string().min(1).nullable(),
  status: z.enum(['closed', 'reopened']),
  closedAt: z.string(),
  closedByUserId: z.string(),
  closedByUserName: optionalText,
  reopenedAt: optionalText,
  reopenedByUserId: optionalText,
  reopenedByUserName: optionalText,
  reopenReason: optionalText,
  history: z.array(closureEventSchema).max(500),
});

/**
 * A teacher's answer to her payroll statement of a month (issue 32, beyond the spec): validated or disputed
 * with a comment. Append-only; the latest answer counts. `at`, `actorUserId` and `actorUserName` are stamped
 * by the server (server/statement-acks.ts); `paidMin` and `amount` are the figures she answered about.
 */
export const statementAckSchema = z.looseObject({
  id,
  teacherUserId: z.string(),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'mois AAAA-MM attendu'),
  decision: z.enum(['acknowledged', 'disputed']),
  comment: z.string().max(1000).nullable().optional(),
  paidMin: z.number().int().nullable().optional(),
  amount: z.number().nullable().optional(),
  at: z.string(),
  actorUserId: optionalText,
  actorUserName: optionalText,
});

/** A teacher's absence, a day or a time range of one day (issue 35, domain/absences/records.ts). */
export const absenceSchema = z.looseObject({
  id,
  teacherUserId: z.string(),
  date: isoDate,
  startTime: hhmm.nullable(),
  endTime: hhmm.nullable(),
  reason: z.string().max(500),
  declaredAt: z.string(),
  declaredByUserId: z.string(),
});

/**
 * The substitution of one course occurrence (issue 35): id = substitutionId(course), so one per course;
 * `substituteUserId` null: nobody found, the course is cancelled.
 */
export const substitutionSchema = z.looseObject({
  id,
  timetableId: z.string(),
  slotKey: z.string(),
  date: isoDate,
  startTime: hhmm,
  endTime: hhmm,
  classId: z.string(),
  moduleId: z.string(),
  absentUserId: z.string(),
  absenceId: z.string(),
  substituteUserId: z.string().nullable(),
  assignedAt: z.string(),
  assignedByUserId: z.string(),
});

/** The collections of the store, in the order of the specification. */
export const COLLECTION_SCHEMAS = {
  users: userSchema,
  profiles: profileSchema,
  modules: moduleSchema,
  classes: classSchema,
  courseModules: courseModuleSchema,
  levels: levelSchema,
  institutes: instituteSchema,
  timetables: timetableSchema,
  planningImports: planningImportSchema,
  planningLogs: planningLogSchema,
  userLogs: userLogSchema,
  notifications: notificationSchema,
  rescheduleRequests: rescheduleRequestSchema,
  contracts: contractSchema,
  teacherContractSubmissions: teacherContractSubmissionSchema,
  settings: orgSettingsSchema,
  monthClosures: monthClosureSchema,
  statementAcks: statementAckSchema,
  absences: absenceSchema,
  substitutions: substitutionSchema,
} as const satisfies Record<CollectionName, z.ZodType>;

export { APPEND_ONLY_COLLECTIONS, COLLECTION_NAMES, type CollectionName } from './collections';

export const loginModeSchema = z.enum(['pin', 'password']);

export const storeV1Schema = z.looseObject({
  users: z.array(userSchema),
  profiles: z.array(profileSchema),
  modules: z.array(moduleSchema).default([]),
  classes: z.array(classSchema).default([]),
  courseModules: z.array(courseModuleSchema).default([]),
  levels: z.array(levelSchema).default([]),
  institutes: z.array(instituteSchema).default([]),
  timetables: z.array(timetableSchema).default([]),
  planningImports: z.array(planningImportSchema).default([]),
  planningLogs: z.array(planningLogSchema).default([]),
  userLogs: z.array(userLogSchema).default([]),
  notifications: z.array(notificationSchema).default([]),
  rescheduleRequests: z.array(rescheduleRequestSchema).default([]),
  contracts: z.array(contractSchema).default([]),
  teacherContractSubmissions: z.array(teacherContractSubmissionSchema).default([]),
  settings: z.array(orgSettingsSchema).default([]),
  monthClosures: z.array(monthClosureSchema).default([]),
  statementAcks: z.array(statementAckSchema).default([]),
  absences: z.array(absenceSchema).default([]),
  substitutions: z.array(substitutionSchema).default([]),
  currentUserId: z.string().nullable().optional(),
  currentLoginMode: loginModeSchema.optional(),
});

export type User = z.infer<typeof userSchema>;
export type UserStatus = z.infer<typeof userStatusSchema>;
export type Profile = z.infer<typeof profileSchema>;
export type ModuleRecord = z.infer<typeof moduleSchema>;
export type Institute = z.infer<typeof instituteSchema>;
export type Level = z.infer<typeof levelSchema>;
export type SchoolClass = z.infer<typeof classSchema>;
export type CourseModule = z.infer<typeof courseModuleSchema>;
export type DeliveryMode = z.infer<typeof deliveryModeSchema>;
export type Periodicity = z.infer<typeof periodicitySchema>;
export type Slot = z.infer<typeof slotSchema>;
export type Timetable = z.infer<typeof timetableSchema>;
export type PlanningImport = z.infer<typeof planningImportSchema>;
export type PlanningLogAction = z.infer<typeof planningLogActionSchema>;
export type PlanningLog = z.infer<typeof planningLogSchema>;
export type UserLogAction = z.infer<typeof userLogActionSchema>;
export type FieldChange = z.infer<typeof fieldChangeSchema>;
export type UserLog = z.infer<typeof userLogSchema>;
export type AppNotification = z.infer<typeof notificationSchema>;
export type RescheduleRequest = z.infer<typeof rescheduleRequestSchema>;
export type ContractEntry = z.infer<typeof contractEntrySchema>;
export type Contract = z.infer<typeof contractSchema>;
export type Attachment = z.infer<typeof attachmentSchema>;
export type TeacherContractSubmission = z.infer<typeof teacherContractSubmissionSchema>;
export type OrgSettings = z.infer<typeof orgSettingsSchema>;
export type MonthClosureRecord = z.infer<typeof monthClosureSchema>;
export type StatementAck = z.infer<typeof statementAckSchema>;
export type Absence = z.infer<typeof absenceSchema>;
export type Substitution = z.infer<typeof substitutionSchema>;
export type LoginMode = z.infer<typeof loginModeSchema>;
export type StoreV1 = z.infer<typeof storeV1Schema>;

export interface CollectionRecords {
  users: User;
  profiles: Profile;
  modules: ModuleRecord;
  classes: SchoolClass;
  courseModules: CourseModule;
  levels: Level;
  institutes: Institute;
  timetables: Timetable;
  planningImports: PlanningImport;
  planningLogs: PlanningLog;
  userLogs: UserLog;
  notifications: AppNotification;
  rescheduleRequests: RescheduleRequest;
  contracts: Contract;
  teacherContractSubmissions: TeacherContractSubmission;
  settings: OrgSettings;
  monthClosures: MonthClosureRecord;
  statementAcks: StatementAck;
  absences: Absence;
  substitutions: Substitution;
}

export type StoreParseResult =
  { ok: true; value: StoreV1 } | { ok: false; code: 'missing-keys' | 'invalid-shape'; issues: string[] };

/**
 * Validates an unknown value as a v1 store. The spec's first gate (arrays users and profiles) gets its own
 * code so the UI can show "Fichier invalide: clés manquantes"; deeper problems list their paths.
 */
export function parseStoreV1(input: unknown): StoreParseResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, code: 'missing-keys', issues: ['users', 'profiles'] };
  }
  const candidate = input as Record<string, unknown>;
  if (!Array.isArray(candidate.users) || !Array.isArray(candidate.profiles)) {
    return { ok: false, code: 'missing-keys', issues: ['users', 'profiles'] };
  }
  const parsed = storeV1Schema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      code: 'invalid-shape',
      issues: parsed.error.issues.slice(0, 20).map((i) => `${i.path.join('.')}: ${i.message}`),
    };
  }
  return { ok: true, value: parsed.data };
}

export function emptyStore(): StoreV1 {
  return storeV1Schema.parse({ users: [], profiles: [] });
}
