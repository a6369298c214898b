import type { ClassIssue, CourseModuleIssue, ReferenceIssue } from '../../domain/settings/validation';
import { fr } from '../../i18n/fr';

const v = fr.settings.validation;

/** Codes of domain/settings/validation -> texts of spec part 1 point 5. */
export const ISSUE_MESSAGES: Record<ReferenceIssue | ClassIssue | CourseModuleIssue, string> = {
  'name-required': v.nameRequired,
  'abbr-required': v.abbrRequired,
  'code-required': v.codeRequired,
  'code-taken': v.classCodeTaken,
  'level-required': v.levelRequired,
  'institute-required': v.instituteRequired,
};

/** Same codes, with the course module's own wording for a taken code. */
export function courseModuleMessage(code: CourseModuleIssue | undefined): string | null {
  if (!code) return null;
  return code === 'code-taken' ? v.moduleCodeTaken : ISSUE_MESSAGES[code];
}

export function issueMessage(code: ReferenceIssue | ClassIssue | undefined): string | null {
  return code ? ISSUE_MESSAGES[code] : null;
}
