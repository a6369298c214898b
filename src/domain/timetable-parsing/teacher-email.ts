/** Domain of the e-mails given to teachers created by an import when no address is known (spec part 2, point 5). */
export const TEACHER_PLACEHOLDER_EMAIL_DOMAIN = 'enseignants.invalid';

const MAX_LOCAL_PART_LENGTH = 64;

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
}

/**
 * A unique e-mail built from a teacher's name: "Awa Diop" -> "awa.diop@enseignants.invalid", then
 * "awa.diop2@...", "awa.diop3@..." when taken (existing addresses compared case-insensitively).
 */
export function teacherEmailFromName(
  name: string,
  existingEmails: Iterable<string>,
  placeholderDomain: string = TEACHER_PLACEHOLDER_EMAIL_DOMAIN,
): string {
  const domain =
    slug(typeof placeholderDomain === 'string' ? placeholderDomain.replace(/^@+/, '') : '').replace(
      /\.{2,}/g,
      '.',
    ) || TEACHER_PLACEHOLDER_EMAIL_DOMAIN;
  const local =
    slug(typeof name === 'string' ? name : '')
      .slice(0, MAX_LOCAL_PART_LENGTH)
      .replace(/\.+$/, '') || 'enseignant';
  const taken = new Set<string>();
  for (const email of existingEmails) {
    if (typeof email === 'string') taken.add(email.trim().toLowerCase());
  }
  let candidate = `${local}@${domain}`;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${local}${n}@${domain}`;
  return candidate;
}
