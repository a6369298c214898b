import { z } from 'zod';
import { ORG_ID_PATTERN } from './org-id';

/**
 * Shapes shared by every server route: the organisation id of a query or body, and the error answer. Each
 * route file of this folder holds the request and answer schemas of one server area, parsed by the server
 * (requests) and by src/api (answers), one definition for both (ARCHITECTURE.md "Data").
 */
export { ORG_ID_PATTERN };
export const orgIdSchema = z.string().regex(ORG_ID_PATTERN);

/** A refused request: a code the UI maps to the specification's French text, and sometimes the text. */
export const errorAnswerSchema = z.looseObject({
  error: z.string(),
  message: z.string().optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/** `{ ok: true }`: the answer of routes that only say it was done. */
export const okAnswerSchema = z.looseObject({ ok: z.literal(true) });
export type OkAnswer = z.infer<typeof okAnswerSchema>;
