import { z } from 'zod';
import { orgIdSchema } from './common';

/** Password reset by the server, no session needed (server/routes/password-reset.ts; spec part 1, point 8). */

/** POST /api/password-reset/request: always the same neutral `{ ok: true }` (nothing tells an account exists). */
export const resetRequestSchema = z.object({ orgId: orgIdSchema, email: z.string().max(320) });
export type ResetRequest = z.infer<typeof resetRequestSchema>;

/** POST /api/password-reset/check: whether a link still works. */
export const resetCheckSchema = z.object({ orgId: orgIdSchema, token: z.string().max(200) });
export type ResetCheck = z.infer<typeof resetCheckSchema>;
export const resetCheckAnswerSchema = z.object({ valid: z.boolean() });
export type ResetCheckAnswer = z.infer<typeof resetCheckAnswerSchema>;

/** POST /api/password-reset/complete: sets the password, clears the token, ends the user's sessions. */
export const resetCompleteSchema = z.object({
  orgId: orgIdSchema,
  token: z.string().max(200),
  password: z.string().max(1_000),
});
export type ResetComplete = z.infer<typeof resetCompleteSchema>;
