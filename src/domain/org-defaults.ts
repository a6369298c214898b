import { catalogueModules, defaultProfiles, SUPER_ADMIN_PROFILE_ID } from './defaults';
import type { ModuleRecord, Profile } from './store/schema';

/**
 * What an organisation holds from its creation on the server (issue 29, item 7): the default profiles and the
 * module catalogue, written by the server itself when it creates the organisation (emergency area, first
 * whole-store PUT), so the first administrator's rights never wait for a device to push them. Pure: given
 * what the organisation holds, the records to add (none of an existing id is touched).
 */
export function missingOrgDefaults(
  existing: {
    profiles: readonly Pick<Profile, 'id'>[];
    modules: readonly Pick<ModuleRecord, 'id'>[];
  },
  /** The emergency area: the Super Admin profile it gives must exist. */
  { superAdmin = false }: { superAdmin?: boolean } = {},
): { profiles: Profile[]; modules: ModuleRecord[] } {
  const profileIds = new Set(existing.profiles.map((p) => p.id));
  // An organisation without any profile gets the defaults; one with its own keeps them (the emergency area
  // adds the Super Admin profile it gives when it is missing).
  const profiles =
    profileIds.size === 0
      ? defaultProfiles()
      : defaultProfiles().filter(
          (p) => superAdmin && p.id === SUPER_ADMIN_PROFILE_ID && !profileIds.has(p.id),
        );
  const modules = existing.modules.length === 0 ? catalogueModules() : [];
  return { profiles, modules };
}
