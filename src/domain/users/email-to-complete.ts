import { TEACHER_PLACEHOLDER_EMAIL_DOMAIN } from '../timetable-parsing/teacher-email';

/**
 * Issue 33 point 5: an account created by an import without an e-mail signs in with an identifier built from
 * its name under a reserved domain (".invalid", RFC 2606: never delivered). It is "e-mail à compléter":
 * "Mot de passe oublié" cannot reach it until an administrator types the real address in /users.
 */
export function isEmailToComplete(email: string | null | undefined): boolean {
  if (typeof email !== 'string') return false;
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  return domain === TEACHER_PLACEHOLDER_EMAIL_DOMAIN || domain.endsWith('.invalid') || domain === 'invalid';
}
