import type { User } from '../store/schema';

export interface UserFormValues {
  name: string;
  email: string;
  /** Values of the profile-specific fields (firstName, lastName, phone, instituteIds, ...). */
  extra: Record<string, string | string[]>;
}

export type UserFormIssue = 'name-required' | 'first-last-required' | 'email-required' | 'email-invalid';

function text(value: string | string[] | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** spec part 1 point 5, user form: the rules depend on the profile's form fields. */
export function validateUserForm(formFieldKeys: readonly string[], values: UserFormValues): UserFormIssue[] {
  const issues: UserFormIssue[] = [];
  const hasSplitName = formFieldKeys.includes('firstName') && formFieldKeys.includes('lastName');
  if (hasSplitName) {
    if (text(values.extra.firstName) === '' || text(values.extra.lastName) === '')
      issues.push('first-last-required');
  } else if (values.name.trim() === '') {
    issues.push('name-required');
  }
  if (formFieldKeys.includes('email')) {
    const email = values.email.trim();
    if (email === '') issues.push('email-required');
    else if (!email.includes('@')) issues.push('email-invalid');
  }
  return issues;
}

/** What stops the user form from saving: its own rules, plus a missing profile and a used e-mail. */
export type UserEditorIssue = 'profile-missing' | UserFormIssue | 'duplicate-email';

/**
 * Issues of the user form, in the order the joined toast reads them (spec part 1 point 5). A user whose
 * profile was deleted has none (spec part 1 point 4: deletion clears profileId): the form asks to choose one
 * instead of saving an account without rights.
 */
export function userEditorIssues(input: {
  profile: { readonly formFieldKeys: readonly string[] } | undefined;
  values: UserFormValues;
  isEmailTaken: (email: string) => boolean;
}): UserEditorIssue[] {
  const issues: UserEditorIssue[] = [];
  if (!input.profile) issues.push('profile-missing');
  issues.push(...validateUserForm(input.profile?.formFieldKeys ?? [], input.values));
  const email = input.values.email.trim();
  if (email !== '' && input.isEmailTaken(email)) issues.push('duplicate-email');
  return issues;
}

/**
 * Sign-in is by e-mail: the users of a profile without the Email form field get no address and cannot sign in
 * with a password (a teacher may still use the kiosk's PIN).
 */
export function lacksSignInEmail(formFieldKeys: readonly string[]): boolean {
  return !formFieldKeys.includes('email');
}

/** With first and last name fields, the name becomes first plus last (spec part 1 point 5). */
export function displayName(formFieldKeys: readonly string[], values: UserFormValues): string {
  if (formFieldKeys.includes('firstName') && formFieldKeys.includes('lastName')) {
    return `${text(values.extra.firstName)} ${text(values.extra.lastName)}`.trim();
  }
  return values.name.trim();
}

/** Form values of an existing user, for editing. */
export function formValuesOf(user: User): UserFormValues {
  const extra: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(user.extra ?? {})) {
    if (typeof value === 'string') extra[key] = value;
    else if (Array.isArray(value)) extra[key] = value.filter((v): v is string => typeof v === 'string');
  }
  return { name: user.name, email: user.email, extra };
}

/** Only the fields the profile shows are kept, empty ones dropped, so switching profiles leaves no stale data. */
export function extraForProfile(
  formFieldKeys: readonly string[],
  values: UserFormValues,
  previous: Record<string, unknown> = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...previous };
  for (const key of formFieldKeys) {
    if (key === 'email') continue;
    const value = values.extra[key];
    if (
      value === undefined ||
      (typeof value === 'string' && value.trim() === '') ||
      (Array.isArray(value) && value.length === 0)
    )
      delete out[key];
    else out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}
