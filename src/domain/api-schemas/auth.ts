import { z } from 'zod';
import { userSchema } from '../store/schema';
import { orgIdSchema } from './common';

/**
 * Sign-in, session, PIN, password change, kiosks and organisation status (server/routes/auth.ts).
 */

/** POST /api/auth/login */
export const loginRequestSchema = z.object({
  orgId: orgIdSchema,
  email: z.string().max(320),
  password: z.string().max(1_000),
  remember: z.boolean().default(true),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;
/** The person's own record, hash included: the device can then let them sign in offline. */
export const loginAnswerSchema = z.object({ user: userSchema });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
/** Codes of a refused sign-in the login screen turns into the spec's messages (part 1, point 4). */
export const loginErrorSchema = z.enum([
  'unknown-user',
  'inactive',
  'empty-password',
  'wrong-password',
  // A one-time password whose invitation expired (or the emergency account's, from another browser).
  'invitation-expired',
]);
export type LoginError = z.infer<typeof loginErrorSchema>;

/** POST /api/auth/pin (an enrolled kiosk only) */
export const pinRequestSchema = z.object({
  orgId: orgIdSchema,
  userId: z.string().min(1).max(256),
  pin: z.string().max(12),
  /** Ignored by the server (older tablets send it): the roster setting lives on the kiosk's session. */
  includesAdminProfiles: z.boolean().optional(),
});
export type PinRequest = z.infer<typeof pinRequestSchema>;
/**
 * not-in-roster: the account is not offered on this kiosk (an administrator on a teachers-only kiosk);
 * cooldown, expired, no-pin: the server's own PIN state (it counts the tries, issue 29 item 4).
 */
export const pinErrorSchema = z.enum([
  'wrong-pin',
  'not-allowed',
  'not-in-roster',
  'kiosk-required',
  'cooldown',
  'expired',
  'no-pin',
]);
export type PinError = z.infer<typeof pinErrorSchema>;
/** A right PIN: the proof the teacher's check-in carries (server/auth/kiosk-proof.ts), valid until expiresAt. */
export const pinAnswerSchema = z.object({
  ok: z.literal(true),
  proof: z.string().max(200),
  expiresAt: z.string().max(64),
});
export type PinAnswer = z.infer<typeof pinAnswerSchema>;

/** POST /api/auth/password: `current` absent only for the forced change right after a sign-in. */
export const passwordChangeRequestSchema = z.object({
  current: z.string().max(1_000).optional(),
  next: z.string().max(1_000),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;
export const passwordChangeAnswerSchema = z.object({ user: userSchema.nullable() });
export type PasswordChangeAnswer = z.infer<typeof passwordChangeAnswerSchema>;
export const passwordChangeErrorSchema = z.enum(['current-wrong', 'new-too-short']);

/** A kiosk as a list shows it: never its token, a short id derived from its hash to revoke it. */
export const kioskViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type KioskView = z.infer<typeof kioskViewSchema>;
/** POST /api/kiosks answers the new kiosk's view; GET /api/kiosks the list. */
export const kioskRequestSchema = z.object({ name: z.string().trim().min(1).max(80) });
export type KioskRequest = z.input<typeof kioskRequestSchema>;
/**
 * PUT /api/kiosk/options: an administrator signed in on an enrolled tablet sets its roster (whether the
 * teacher.today holders with administration modules are listed too). Kept by the server on the kiosk's
 * session, so the tablet cannot declare it by itself.
 */
export const kioskOptionsRequestSchema = z.object({ listsAdmins: z.boolean() });
export type KioskOptionsRequest = z.infer<typeof kioskOptionsRequestSchema>;
export const kioskListAnswerSchema = z.object({ kiosks: z.array(kioskViewSchema) });
export type KioskListAnswer = z.infer<typeof kioskListAnswerSchema>;

/**
 * GET /api/auth/session: who this browser is for the server. Nobody: every field null (a plain answer, not a
 * 401, since it is asked on every start).
 */
export const sessionAnswerSchema = z.object({
  orgId: z.string().nullable(),
  userId: z.string().nullable(),
  kiosk: kioskViewSchema.nullable(),
});
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** GET /api/org-status?orgId=: whether the school exists on the server and has an active administrator. */
export const orgStatusAnswerSchema = z.object({ initialised: z.boolean(), needsEmergency: z.boolean() });
export type OrgStatusAnswer = z.infer<typeof orgStatusAnswerSchema>;

export { errorAnswerSchema, orgIdSchema, ORG_ID_PATTERN } from './common';
