/**
 * The account an e-mail designates (sign-in, reset, emergency promotion), case and spaces ignored: an
 * archived copy never hides a live account with the same address.
 */
export function findByEmail<T extends { email?: unknown; status?: unknown }>(
  users: readonly T[],
  email: string,
): T | undefined {
  const wanted = email.trim().toLowerCase();
  const matches = users.filter((u) => typeof u.email === 'string' && u.email.trim().toLowerCase() === wanted);
  return matches.find((u) => u.status !== 'Archived') ?? matches[0];
}
