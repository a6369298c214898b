import type { CourseModule, SchoolClass, Timetable } from '../store/schema';

export interface LinkCounts {
  classes: number;
  modules: number;
}

const NONE: LinkCounts = { classes: 0, modules: 0 };

/**
 * Classes and course modules pointing to each institute or level (spec part 1 point 2: the lists show
 * counts of linked classes and modules; also the warning before a deletion).
 */
export function linkCountsBy(
  key: 'instituteId' | 'levelId',
  classes: readonly SchoolClass[],
  courseModules: readonly CourseModule[],
): ReadonlyMap<string, LinkCounts> {
  const counts = new Map<string, LinkCounts>();
  const bump = (id: string | null | undefined, field: keyof LinkCounts) => {
    if (!id) return;
    const current = counts.get(id) ?? { ...NONE };
    current[field] += 1;
    counts.set(id, current);
  };
  for (const c of classes) bump(c[key], 'classes');
  for (const m of courseModules) bump(m[key], 'modules');
  return counts;
}

export function linkCountsOf(counts: ReadonlyMap<string, LinkCounts>, id: string): LinkCounts {
  return counts.get(id) ?? NONE;
}

export interface ClassLinks {
  /** Course modules of the class's level and institute: what the class is taught. */
  modules: number;
  /** Timetables (weeks or months of planning) drawn for the class. */
  timetables: number;
}

export function classLinks(
  classes: readonly SchoolClass[],
  courseModules: readonly CourseModule[],
  timetables: readonly Pick<Timetable, 'classId'>[],
): ReadonlyMap<string, ClassLinks> {
  const modulesByPair = new Map<string, number>();
  const pair = (levelId: string, instituteId: string) => `${levelId}\u0000${instituteId}`;
  // A module of every level ("Tous niveaux", issue 33 point 5) belongs to each class of its institute.
  const allLevelsByInstitute = new Map<string, number>();
  for (const m of courseModules) {
    if (!m.instituteId) continue;
    if (!m.levelId) {
      allLevelsByInstitute.set(m.instituteId, (allLevelsByInstitute.get(m.instituteId) ?? 0) + 1);
      continue;
    }
    const k = pair(m.levelId, m.instituteId);
    modulesByPair.set(k, (modulesByPair.get(k) ?? 0) + 1);
  }
  const timetablesByClass = new Map<string, number>();
  for (const t of timetables) timetablesByClass.set(t.classId, (timetablesByClass.get(t.classId) ?? 0) + 1);
  const out = new Map<string, ClassLinks>();
  for (const c of classes) {
    const ofLevel = c.levelId && c.instituteId ? (modulesByPair.get(pair(c.levelId, c.instituteId)) ?? 0) : 0;
    const modules = ofLevel + (c.instituteId ? (allLevelsByInstitute.get(c.instituteId) ?? 0) : 0);
    out.set(c.id, { modules, timetables: timetablesByClass.get(c.id) ?? 0 });
  }
  return out;
}

/** Slots of the timetables that name each course module: they lose their module when it is deleted. */
export function slotCountsByModule(
  timetables: readonly Pick<Timetable, 'slots'>[],
): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const t of timetables)
    for (const s of t.slots) counts.set(s.moduleId, (counts.get(s.moduleId) ?? 0) + 1);
  return counts;
}
