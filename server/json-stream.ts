import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { LOOKUP_COLLECTIONS, lookupOfRecords, projectAll } from './auth/access';
import {
  COLLECTION_NAMES,
  STORE_PARTS,
  type CollectionName,
  type StorePart,
} from '../src/domain/store/collections';
import type { Viewer } from '../src/domain/access/viewer';
import type { AccessLookup } from '../src/domain/access/lookup';
import type { RecordData, ServerRecord } from '../src/domain/sync/merge';
import { RESET_FIELDS } from '../src/domain/users/secret-fields';
import { encodeCursor, type ChangeCursor, type ChangesResponse } from '../src/domain/sync/protocol';
import { readScopeOf, type CollectionScope, type ReadScope } from './storage/read-scope';
import type { SyncStorage } from './storage/sync-storage';
import { toRemote } from './remote-record';

/**
 * Answers of any size (issue 29): GET /api/store, GET /api/backup and GET /api/changes are written as a
 * stream of JSON text, never built as one string (V8 refuses a string above ~512 MB: "Invalid string
 * length", and the whole answer held at once took the server to 1.3 GB). The records come from the
 * database a page at a time (count and bytes bounded, storage readPage/readChanges), so the server's memory
 * holds one page, the look-up collections (users, profiles, timetables) and the socket's buffer, whatever
 * the organisation's size. The client still receives one JSON document (response.json()).
 *
 * Consistency: the revision is read first and every page after it, so a page may show a record newer than
 * the revision announced (ETag), never older; the device's next delta (changes since that revision) brings
 * it again, harmlessly. A restore from a backup compares with the revision it names (If-Match) as before.
 */

/** Records and bytes of one page read from the database. */
export const PAGE_RECORDS = 500;
export const PAGE_BYTES = 8 * 1024 * 1024;
/** A change-feed page holds at most this many bytes of data past its first record (then `next`). */
export const CHANGES_PAGE_BYTES = 16 * 1024 * 1024;
/** Text is handed to the socket in chunks of about this size. */
const CHUNK_CHARS = 256 * 1024;

const byId = (a: ServerRecord, b: ServerRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Joins small pieces of text into chunks, so that a page of small records is not a write each. */
async function* chunked(pieces: AsyncIterable<string> | Iterable<string>): AsyncGenerator<Buffer> {
  let pending: string[] = [];
  let size = 0;
  for await (const piece of pieces) {
    pending.push(piece);
    size += piece.length;
    if (size >= CHUNK_CHARS) {
      yield Buffer.from(pending.join(''), 'utf8');
      pending = [];
      size = 0;
    }
  }
  if (pending.length > 0) yield Buffer.from(pending.join(''), 'utf8');
}

/** A readable body of JSON text (pulled as the socket drains: backpressure bounds what waits). */
export function jsonBody(pieces: AsyncIterable<string> | Iterable<string>): Readable {
  return Readable.from(chunked(pieces), { objectMode: false });
}

interface StoreSource {
  storage: SyncStorage;
  orgId: string;
  /** Which records of each collection (all, one teacher's, none). */
  scope: ReadScope;
  /** Collections written with their records; the others as []. */
  wanted: ReadonlySet<CollectionName>;
  /** What the reader receives of a page (projection by the access rules, a backup's left-out fields). */
  shape: (records: ServerRecord[], lookup: AccessLookup) => ServerRecord[];
}

/** Every collection's records of one scope, page by page, as the text of a user-management-store/v1 document. */
async function* storeText(
  source: StoreSource,
  lookupRecords: ServerRecord[],
  lookup: AccessLookup,
): AsyncGenerator<string> {
  const { storage, orgId, scope, wanted, shape } = source;
  yield '{';
  for (const [index, collection] of COLLECTION_NAMES.entries()) {
    yield `${index === 0 ? '' : ','}${JSON.stringify(collection)}:[`;
    let first = true;
    const emit = function* (records: ServerRecord[]) {
      for (const record of shape(records, lookup)) {
        if (record.deleted) continue;
        yield `${first ? '' : ','}${JSON.stringify(record.data)}`;
        first = false;
      }
    };
    const wanting: CollectionScope = wanted.has(collection) ? scope[collection] : 'none';
    if (wanting !== 'none') {
      if (LOOKUP_COLLECTIONS.includes(collection)) {
        yield* emit(lookupRecords.filter((r) => r.collection === collection).sort(byId));
      } else {
        let afterId = '';
        for (;;) {
          const page = await storage.readPage(orgId, collection, {
            afterId,
            limit: PAGE_RECORDS,
            maxBytes: PAGE_BYTES,
            ...(typeof wanting === 'object' ? { owner: wanting.owner } : {}),
          });
          if (page.length === 0) break;
          afterId = page[page.length - 1]?.id ?? afterId;
          yield* emit(page);
        }
      }
    }
    yield ']';
  }
  yield '}';
}

/** Reads the look-up collections (and the revision) now; the rest is read as the body is sent. */
async function openStore(source: StoreSource): Promise<{ revision: number; body: Readable }> {
  const lookupScope = { ...source.scope };
  for (const name of COLLECTION_NAMES) if (!LOOKUP_COLLECTIONS.includes(name)) lookupScope[name] = 'none';
  const { revision, records } = await source.storage.readScoped(source.orgId, lookupScope);
  const lookup = lookupOfRecords(records);
  return { revision, body: jsonBody(storeText(source, records, lookup)) };
}

/**
 * GET /api/store: the viewer's view (or one part of it), as readViewerStore answers it (store-read.ts: the
 * same records, projected by the same rules, in the same order), streamed.
 */
export function openViewerStore(
  storage: SyncStorage,
  orgId: string,
  viewer: Viewer,
  part?: StorePart,
): Promise<{ revision: number; body: Readable }> {
  const wanted = new Set<CollectionName>(part ? STORE_PARTS[part] : COLLECTION_NAMES);
  return openStore({
    storage,
    orgId,
    scope: readScopeOf(viewer),
    wanted,
    shape: (records, lookup) => projectAll(viewer, records, lookup),
  });
}

/** Reset state stays out of a backup (the one list of secret fields: domain/users/secret-fields). */
const LEFT_OUT_USER_FIELDS = RESET_FIELDS;

/** GET /api/backup: every live record of the organisation (backup.ts: reset tokens left out), streamed. */
export function openBackup(
  storage: SyncStorage,
  orgId: string,
): Promise<{ revision: number; body: Readable }> {
  const scope = Object.fromEntries(COLLECTION_NAMES.map((c) => [c, 'all'])) as Record<
    CollectionName,
    CollectionScope
  >;
  return openStore({
    storage,
    orgId,
    scope,
    wanted: new Set(COLLECTION_NAMES),
    shape: (records) =>
      records.map((record) => {
        if (record.collection !== 'users') return record;
        const data: RecordData = { ...record.data };
        for (const field of LEFT_OUT_USER_FIELDS) delete data[field];
        return { ...record, data };
      }),
  });
}

/**
 * One page of the change feed, bounded by count and by bytes (CHANGES_PAGE_BYTES past the first record):
 * `next` is given when the page is full or was cut by its bytes, so a device follows pages to the end.
 */
export async function readChangesPage(
  storage: SyncStorage,
  orgId: string,
  after: ChangeCursor,
  limit: number,
): Promise<ChangesResponse> {
  const page = await storage.readChanges(orgId, after, limit, CHANGES_PAGE_BYTES);
  const last = page.records.at(-1);
  return {
    revision: page.revision,
    changes: page.records.map(toRemote),
    next:
      (page.records.length === limit || page.cut === true) && last
        ? encodeCursor({ rev: last.rev, collection: last.collection, id: last.id })
        : null,
  };
}

/** A change-feed answer as text, one change at a time. */
export function changesBody(answer: ChangesResponse & { serverTime: string }): Readable {
  function* text(): Generator<string> {
    yield `{"revision":${JSON.stringify(answer.revision)},"changes":[`;
    for (const [i, change] of answer.changes.entries())
      yield `${i === 0 ? '' : ','}${JSON.stringify(change)}`;
    yield `],"next":${JSON.stringify(answer.next)},"serverTime":${JSON.stringify(answer.serverTime)}}`;
  }
  return jsonBody(text());
}

/**
 * A streamed JSON answer compressed as it is sent (http-hooks.ts compresses string answers whole): brotli
 * (quality 4, as the string answers) or gzip when the browser accepts it; null otherwise.
 */
export function compressedStream(
  acceptEncoding: string,
  body: Readable,
): { encoding: 'br' | 'gzip'; body: Readable } | null {
  const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : null;
  if (!encoding) return null;
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      : zlib.createGzip({ level: 6 });
  // An error of the source (a failed page read) ends the compressed answer too.
  body.on('error', (error) => compressor.destroy(error));
  return { encoding, body: body.pipe(compressor) };
}
