import { z } from 'zod';

/**
 * Calendar feeds (issue 35, server/routes/calendar.ts). A person manages her feed addresses with her session;
 * the feed itself (GET /api/calendar/<token>.ics) needs only the token. The token is answered once.
 */
export const FEED_KINDS = ['me', 'teacher', 'class'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** 256 random bits, hex. */
export const FEED_TOKEN_HEX_LENGTH = 64;
export const FEED_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

const targetId = z.string().regex(/^[A-Za-z0-9_.:-]{1,128}$/);

/** `targetId`: the teacher or class of an administrator's feed; absent for 'me'. */
export const feedKeySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('me') }),
  z.object({ kind: z.literal('teacher'), targetId }),
  z.object({ kind: z.literal('class'), targetId }),
]);
export type FeedKey = z.infer<typeof feedKeySchema>;

export const feedSummarySchema = z.object({
  kind: z.enum(FEED_KINDS),
  targetId: z.string(),
  createdAt: z.string(),
});
export type FeedSummary = z.infer<typeof feedSummarySchema>;

export const feedListAnswerSchema = z.object({ feeds: z.array(feedSummarySchema) });
export type FeedListAnswer = z.infer<typeof feedListAnswerSchema>;

/** `path`: /api/calendar/<token>.ics; `link`: on PUBLIC_URL, else null (the page adds its origin). */
export const feedCreatedAnswerSchema = z.object({
  ok: z.literal(true),
  path: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedCreatedAnswer = z.infer<typeof feedCreatedAnswerSchema>;

export const FEED_REFUSALS = ['kiosk', 'pin-session', 'not-admin', 'unknown-target'] as const;
export type FeedRefusal = (typeof FEED_REFUSALS)[number];
export const feedRefusalSchema = z.object({ error: z.enum(FEED_REFUSALS) });
