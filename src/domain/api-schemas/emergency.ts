import { z } from 'zod';
import { orgIdSchema } from './common';

/** POST /api/emergency-admin (server/routes/emergency.ts): spec part 1, point 4, decided by the server. */
export const emergencyRequestSchema = z.object({
  orgId: orgIdSchema,
  email: z.string().max(320),
  /** Printed in the server's terminal at first start: only the owner of the server may use the area. */
  setupCode: z.string().max(200).optional(),
});
export type EmergencyRequest = z.infer<typeof emergencyRequestSchema>;
/** `created`: a new Super Admin account (the e-mail was unknown) rather than a promotion. */
export const emergencyAnswerSchema = z.object({ ok: z.literal(true), created: z.boolean() });
export type EmergencyAnswer = z.infer<typeof emergencyAnswerSchema>;
