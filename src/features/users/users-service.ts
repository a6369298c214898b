import type { AppDatabase } from '../../db/database';
import { getMeta } from '../../db/meta';
import { fr } from '../../i18n/fr';
import {
  requestPin,
  requestResetLink,
  requestTemporaryPassword,
  type CredentialAnswer,
  type CredentialFailure,
} from '../../api/credentials';
import type { FetchLike } from '../../sync/outbox-push';
import { browserFetch } from '../../api/http';
import type { SecretResult } from './secret-dialog';

/*
 * The credential requests of the users screen (temporary password, PIN, reset link): online only, made and
 * journaled by the server, so nothing here writes to the device's database. The users' own edits (create,
 * update, status) are in src/services/users/user-edits.ts.
 */

/** What a credential route's failure says, in French. */
function failureText(failure: CredentialFailure): string {
  switch (failure.code) {
    case 'offline':
      return fr.securityUsers.networkNeeded;
    case 'unauthenticated':
      return fr.securityUsers.sessionNeeded;
    case 'refused':
      return (
        failure.message ??
        (failure.reason ? fr.securityUsers.refusals[failure.reason] : fr.securityUsers.credentialFailed)
      );
    default:
      return fr.securityUsers.credentialFailed;
  }
}

function toSecret(answer: CredentialAnswer<string>): SecretResult {
  return answer.ok ? answer : { ok: false, message: failureText(answer) };
}

/**
 * Temporary password (spec part 1 point 9): made, hashed and stored by the server (with its journal entry),
 * shown once to the administrator; the change is forced at the next sign-in. Online only.
 */
export async function resetWithTemporaryPassword(
  db: AppDatabase,
  userId: string,
  fetchImpl: FetchLike = browserFetch,
): Promise<SecretResult> {
  return toSecret(await requestTemporaryPassword(fetchImpl, await getMeta(db, 'orgId'), userId));
}

/** A new PIN made by the server, shown once; validity from the organisation setting. Online only. */
export async function generateUserPin(
  db: AppDatabase,
  userId: string,
  fetchImpl: FetchLike = browserFetch,
): Promise<SecretResult> {
  return toSecret(await requestPin(fetchImpl, await getMeta(db, 'orgId'), userId));
}

/**
 * A password-reset link for a user (spec part 1 point 7, "link displayed"): without an e-mail service the
 * link reaches the person through an administrator who may manage them, never the one who asks for it.
 */
export async function createResetLink(
  db: AppDatabase,
  userId: string,
  origin: string,
  fetchImpl: FetchLike = browserFetch,
): Promise<SecretResult> {
  return toSecret(await requestResetLink(fetchImpl, await getMeta(db, 'orgId'), userId, origin));
}

/**
 * The invitation of an account just created (issue 29): the creation is sent first (the server must hold
 * the account), then the server makes its one-time password, valid 72 hours, shown once. Online only.
 */
export async function inviteNewUser(
  db: AppDatabase,
  userId: string,
  fetchImpl: FetchLike = browserFetch,
): Promise<SecretResult> {
  const orgId = await getMeta(db, 'orgId');
  const { syncNow } = await import('../../sync/remote-store');
  let answer: CredentialAnswer<string> = { ok: false, code: 'failed' };
  // The server answers 404 until the creation has arrived: send it, then ask, a few times.
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const sent = await syncNow(db, fetchImpl);
    if (sent === 'unauthorised') return { ok: false, message: fr.securityUsers.sessionNeeded };
    answer = await requestTemporaryPassword(fetchImpl, orgId, userId);
    if (answer.ok || answer.code !== 'failed') break;
  }
  return toSecret(answer);
}
