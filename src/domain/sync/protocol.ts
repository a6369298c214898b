import { z } from 'zod';
import { COLLECTION_NAMES, type CollectionName } from '../store/schema';

/**
 * Wire format of the sync API (ARCHITECTURE.md "Sync"), shared by the client engine and the server so that
 * both validate the same shapes. The endpoints are listed in the README's API table.
 */

/** A batch is applied in one transaction; the bound keeps one request from holding the database too long. */
export const MAX_MUTATIONS_PER_BATCH = 5_000;
/** What the client sends per request: small enough to retry cheaply on a flaky phone connection. */
export const CLIENT_BATCH_SIZE = 200;
export const DEFAULT_CHANGES_PAGE = 500;
export const MAX_CHANGES_PAGE = 2_000;

/**
 * Version of this wire format, carried by every push (Replicache's launch checklist: from day one). A push
 * without it comes from an app older than the versioning, which speaks version 1. The server answers a
 * version outside [OLDEST_PROTOCOL_VERSION, PROTOCOL_VERSION] with 426 `update-required` and a French
 * message instead of misreading the body; raise OLDEST_PROTOCOL_VERSION when a change breaks older apps.
 */
export const PROTOCOL_VERSION = 2;
export const OLDEST_PROTOCOL_VERSION = 1;

/** The version a push body claims (1 when it names none), or null when the claim is not a version at all. */
export function protocolVersionOf(body: unknown): number | null {
  if (typeof body !== 'object' || body === null || !('protocol' in body)) return 1;
  const claimed = body.protocol;
  return typeof claimed === 'number' && Number.isInteger(claimed) ? claimed : null;
}

export function isProtocolUnderstood(version: number | null): boolean {
  return version !== null && version >= OLDEST_PROTOCOL_VERSION && version <= PROTOCOL_VERSION;
}

const collectionSchema = z.enum(COLLECTION_NAMES as [CollectionName, ...CollectionName[]]);

export const mutationSchema = z.strictObject({
  mutationId: z.string().min(1).max(128),
  collection: collectionSchema,
  recordId: z.string().min(1).max(256),
  op: z.enum(['put', 'delete']),
  /** Top-level fields the change touched; a listed field absent from `values` is removed. */
  changedFields: z.array(z.string().min(1).max(128)).max(500),
  values: z.record(z.string(), z.unknown()).optional(),
  /** Revision of the record (or of the store) the device had seen when it made the change; 0 = never seen. */
  baseRevision: z.number().int().min(0).nullable(),
  /** Device clock when the change was made: decides between two concurrent edits of one field. */
  createdAt: z.string().min(1).max(64),
  /**
   * For arrays merged by element id (slots...): the array as the device had it just before this change,
   * the exact common ancestor for the element merge. Without it the server uses the record at the base
   * revision, which misses the device's own earlier unsent edits.
   */
  baseValues: z.record(z.string(), z.unknown()).optional(),
});

export type Mutation = z.infer<typeof mutationSchema>;

export const pushRequestSchema = z
  .strictObject({
    /** The wire format the device speaks (PROTOCOL_VERSION); absent: version 1. */
    protocol: z.number().int().min(1).optional(),
    /**
     * Stable id of the device: its own successive edits are never treated as concurrent with each other,
     * once the server has checked that the id belongs to the session's person (server/device-owners.ts).
     */
    clientId: z.string().min(1).max(128),
    /** Empty only with `since`: an exchange with nothing to send still pulls in the same round trip. */
    mutations: z.array(mutationSchema).max(MAX_MUTATIONS_PER_BATCH),
    /**
     * The revision the device's tables are caught up to: the answer then carries the changes after it
     * (`changes`, the page GET /api/changes would answer) and the session's state, so that one request
     * pushes, pulls and checks the session. Without it, the answer is the push answer alone.
     */
    since: z.number().int().min(0).optional(),
    /** Page size of `changes` (default DEFAULT_CHANGES_PAGE). */
    limit: z.number().int().min(1).max(MAX_CHANGES_PAGE).optional(),
    /**
     * Whose changes these are: the person the device expects the server session to be (null: the kiosk
     * credential, nobody signed in). When the session acts for someone else, nothing is applied and the
     * answer is 409 `session-changed` with the session's state: a change never travels under another
     * person's session.
     */
    expectedUserId: z.string().min(1).max(256).nullable().optional(),
  })
  .refine((body) => body.mutations.length > 0 || body.since !== undefined, {
    path: ['mutations'],
    message: 'at least one mutation, or since',
  });

export type PushRequest = z.infer<typeof pushRequestSchema>;

export const remoteRecordSchema = z.object({
  collection: collectionSchema,
  id: z.string(),
  rev: z.number().int().min(0),
  deleted: z.boolean(),
  /** null for a deleted record: a device needs only to know that it is gone. */
  data: z.record(z.string(), z.unknown()).nullable(),
});

export type RemoteRecord = z.infer<typeof remoteRecordSchema>;

export const MUTATION_STATUSES = ['applied', 'merged', 'unchanged', 'rejected', 'duplicate'] as const;
export type MutationStatus = (typeof MUTATION_STATUSES)[number];

/** 'forbidden': outside the rights of the session that pushed it; `detail` names the rule. */
export const REJECT_REASONS = ['append-only', 'edited-concurrently', 'invalid-record', 'forbidden'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const mutationResultSchema = z.object({
  mutationId: z.string(),
  status: z.enum(MUTATION_STATUSES),
  reason: z.enum(REJECT_REASONS).optional(),
  detail: z.string().max(200).optional(),
  /** Number of field conflicts recorded on the server for this mutation. */
  conflicts: z.number().int().min(0).optional(),
  /** The record as the server now holds it, whenever it differs from what the device assumed. */
  record: remoteRecordSchema.optional(),
});

export type MutationResult = z.infer<typeof mutationResultSchema>;

/** Every sync answer also tells the device the server's time (ISO), as does the X-Server-Time header. */
const serverTimeField = z.string().max(64).optional();

/** The enrolled kiosk credential of this browser, as GET /api/auth/session describes it. */
export const kioskInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});

/**
 * Who the server session of this browser is, as GET /api/auth/session answers it: the person's session
 * (userId) first, else the kiosk credential; `kiosk` is the enrolled kiosk cookie, present or not.
 */
export const sessionStateSchema = z.object({
  orgId: z.string(),
  userId: z.string().nullable(),
  kiosk: kioskInfoSchema.nullable(),
});

export type SessionState = z.infer<typeof sessionStateSchema>;

/** One page of the change feed: the answer of GET /api/changes, and of a push sent with `since`. */
export const changesPageSchema = z.object({
  /** Organisation revision when the page was read; once `next` is null the device is caught up to it. */
  revision: z.number().int().min(0),
  changes: z.array(remoteRecordSchema),
  /** The rest: GET /api/changes?cursor=<next>; null when the page is the last one. */
  next: z.string().nullable(),
});

export type ChangeFeedPage = z.infer<typeof changesPageSchema>;

export const pushResponseSchema = z.object({
  /** Organisation revision after the batch (the current one when nothing was sent or changed). */
  revision: z.number().int().min(0),
  results: z.array(mutationResultSchema),
  serverTime: serverTimeField,
  /** Only when the request sent `since`: the changes after it, read after the batch, filtered for the session. */
  changes: changesPageSchema.optional(),
  /** Only when the request sent `since`: the session that answered. */
  session: sessionStateSchema.optional(),
});

export type PushResponse = z.infer<typeof pushResponseSchema>;

/** 409 to a push whose `expectedUserId` is not the session's person: nothing was applied. */
export const sessionChangedSchema = z.object({
  error: z.literal('session-changed'),
  session: sessionStateSchema,
});

/**
 * A refusal that carries a French message for the person: 503 (the server's storage is failing, try again
 * later), 426 (the app must be updated). The device shows `message` in its sync status.
 */
export const serverNoticeSchema = z.object({
  error: z.string(),
  message: z.string().min(1).max(500),
});

/** GET /api/store: the whole view, or one part of it (src/domain/store/collections.ts STORE_PARTS). */
export const storeQuerySchema = z.object({
  orgId: z.string().optional(),
  part: z.enum(['first', 'journals']).optional(),
});

export const changesQuerySchema = z.object({
  orgId: z.string().optional(),
  since: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_CHANGES_PAGE).default(DEFAULT_CHANGES_PAGE),
  cursor: z.string().max(1_000).optional(),
});

export const changesResponseSchema = changesPageSchema.extend({ serverTime: serverTimeField });

export type ChangesResponse = z.infer<typeof changesResponseSchema>;

/** Position in the (rev, collection, id) order of the delta read. */
export interface ChangeCursor {
  rev: number;
  collection: string;
  id: string;
}

const cursorTuple = z.tuple([z.number().int().min(0), z.string(), z.string()]);

export function encodeCursor(cursor: ChangeCursor): string {
  return JSON.stringify([cursor.rev, cursor.collection, cursor.id]);
}

export function decodeCursor(text: string): ChangeCursor | null {
  try {
    const parsed = cursorTuple.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    const [rev, collection, id] = parsed.data;
    return { rev, collection, id };
  } catch {
    return null;
  }
}

export const conflictEntrySchema = z.object({
  id: z.number().int(),
  rev: z.number().int(),
  collection: collectionSchema,
  recordId: z.string(),
  field: z.string(),
  reason: z.enum(['concurrent-edit', 'append-only', 'delete-refused']),
  keptValue: z.unknown(),
  lostValue: z.unknown(),
  keptMutationId: z.string().nullable(),
  lostMutationId: z.string(),
  createdAt: z.string(),
});

export type ConflictEntry = z.infer<typeof conflictEntrySchema>;
