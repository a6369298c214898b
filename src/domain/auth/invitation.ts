/**
 * Invitations (issue 29, item 1): no account opens with a shared, publicly known password. A new account has
 * no password until an administrator makes it an invitation: a random temporary password made and hashed by
 * the server (POST /api/users/:id/temporary-password), shown once, valid INVITATION_VALIDITY_MS, that the
 * first sign-in must replace (the first-login screen). An account still waiting for its first sign-in with
 * no valid invitation (the initial password of an older copy, a migrated account, an expired invitation)
 * does not open: an administrator makes a new invitation. Pure: the server passes its clock in.
 */
export const INVITATION_VALIDITY_MS = 72 * 3_600_000;

/** The emergency area's proof (an HttpOnly cookie of the browser that sent the form) lives this long. */
export const EMERGENCY_PROOF_VALIDITY_MS = 60 * 60_000;

export function invitationExpiry(now: Date): string {
  return new Date(now.getTime() + INVITATION_VALIDITY_MS).toISOString();
}

export interface InvitationState {
  status?: string | undefined;
  mustChangePassword?: boolean | undefined;
  invitationExpiresAt?: string | null | undefined;
}

/** Whether the account's invitation (its one-time password) still opens it at `now`. */
export function hasValidInvitation(user: InvitationState, now: Date): boolean {
  const expiry = Date.parse(user.invitationExpiresAt ?? '');
  return Number.isFinite(expiry) && now.getTime() < expiry;
}

/**
 * After a correct password: whether it may open a session. A personal password (no forced change) always
 * does; a one-time password only while its invitation is valid, or, for the account the emergency area just
 * created, from the browser that sent the emergency form (`hasEmergencyProof`).
 */
export function passwordOpensAccount(user: InvitationState, now: Date, hasEmergencyProof: boolean): boolean {
  if (user.mustChangePassword !== true) return true;
  return hasEmergencyProof || hasValidInvitation(user, now);
}

/**
 * The accounts an administrator must hand a (new) invitation to: not archived, still waiting for their first
 * password, without a valid invitation (an initial password of an older version, a migrated account, an
 * expired invitation, or a new account nobody invited yet).
 */
export function needsInvitation(user: InvitationState, now: Date): boolean {
  return user.status !== 'Archived' && user.mustChangePassword === true && !hasValidInvitation(user, now);
}
