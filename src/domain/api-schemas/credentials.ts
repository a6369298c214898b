import { z } from 'zod';
import type { UserActionRefusal } from '../users/user-rights';

/**
 * Credentials the server makes for a user someone manages (server/routes/credentials.ts; spec part 1,
 * point 9): POST /api/users/:id/{temporary-password,pin,reset-link}?orgId=. The clear value is answered once.
 */
export const CREDENTIAL_KINDS = ['temporary-password', 'pin', 'reset-link'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/** The id in the route's path. */
export const CREDENTIAL_USER_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

const written = { ok: z.literal(true), revision: z.number().int().min(0) };
/** `expiresAt`: the end of the one-time password's validity (72 h, an invitation; absent from older servers). */
export const temporaryPasswordAnswerSchema = z.object({
  ...written,
  password: z.string(),
  expiresAt: z.string().optional(),
});
export const pinAnswerSchema = z.object({ ...written, pin: z.string(), expiresAt: z.string() });
/** `link` is built on PUBLIC_URL only; without it, null, and the administrator's page adds its origin. */
export const resetLinkAnswerSchema = z.object({
  ...written,
  path: z.string(),
  link: z.string().nullable(),
  expiresAt: z.string(),
});
export type TemporaryPasswordAnswer = z.infer<typeof temporaryPasswordAnswerSchema>;
export type PinAnswer = z.infer<typeof pinAnswerSchema>;
export type ResetLinkAnswer = z.infer<typeof resetLinkAnswerSchema>;

/** Why the rights of domain/users/user-rights refuse the action (403, or 409 when it changed meanwhile). */
export const refusalAnswerSchema = z.object({
  error: z.enum([
    'no-users-module',
    'beyond-rights',
    'profile-beyond-rights',
    'self',
    'last-admin',
    'not-applicable',
    'duplicate-email',
  ] as const satisfies readonly UserActionRefusal[]),
  message: z.string(),
});
export type RefusalAnswer = z.infer<typeof refusalAnswerSchema>;
