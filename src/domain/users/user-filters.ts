import type { Profile, User, UserStatus } from '../store/schema';

export interface UserFilter {
  query: string;
  status: UserStatus | 'all';
  /** A profile id, or 'all'. */
  profileId: string;
}

export const NO_USER_FILTER: UserFilter = { query: '', status: 'all', profileId: 'all' };

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** Search over name, e-mail and profile name (spec part 1 point 2), accents and case ignored. */
export function filterUsers(
  users: readonly User[],
  profiles: readonly Profile[],
  filter: UserFilter,
): User[] {
  const profileNames = new Map(profiles.map((p) => [p.id, normalize(p.name)]));
  const query = normalize(filter.query);
  return users.filter((u) => {
    if (filter.status !== 'all' && u.status !== filter.status) return false;
    if (filter.profileId !== 'all' && u.profileId !== filter.profileId) return false;
    if (query === '') return true;
    return (
      normalize(u.name).includes(query) ||
      normalize(u.email).includes(query) ||
      (profileNames.get(u.profileId ?? '') ?? '').includes(query)
    );
  });
}

export type BadgeTone = 'green' | 'blue' | 'grey';

/** Module badges of the profiles list: names containing "contrib" green, "admin" but not "super" blue. */
export function profileBadgeTone(profileName: string): BadgeTone {
  const name = profileName.toLowerCase();
  if (name.includes('contrib')) return 'green';
  if (name.includes('admin') && !name.includes('super')) return 'blue';
  return 'grey';
}
