import {
  childrenOf,
  descendantsOf,
  isModuleGranted,
  MODULE_CATALOGUE,
  MODULE_IDS,
} from '../module-catalogue';

/**
 * spec part 2 point 4: a teacher without a validated contract file is sent to /teacher/contract ("Mon
 * contrat"), and the menu offers it to every teacher-type user. A profile granting any teacher module
 * therefore lists teacher.contract too, so the profile shows what the menu does (spec part 2 point 6 lists it
 * among the Teacher modules).
 */
export const TEACHER_CONTRACT_MODULE_ID = 'teacher.contract';

/** Whether teacher.contract comes with the profile's teacher modules (then it cannot be unticked alone). */
export function isContractImplied(ids: ReadonlySet<string>): boolean {
  return isModuleGranted(ids, 'teacher');
}

/** The module ids with what they imply added (teacher modules bring teacher.contract). */
export function withImpliedModules(ids: ReadonlySet<string>): Set<string> {
  const next = new Set(ids);
  if (isContractImplied(next)) next.add(TEACHER_CONTRACT_MODULE_ID);
  return next;
}

export type CheckState = 'checked' | 'unchecked' | 'mixed';

/** Tri-state of a module in the profile editor: a parent is mixed when only some of its children are granted. */
export function moduleCheckState(selected: ReadonlySet<string>, moduleId: string): CheckState {
  const descendants = descendantsOf(moduleId);
  if (descendants.length === 0) return selected.has(moduleId) ? 'checked' : 'unchecked';
  const count = descendants.filter((id) => selected.has(id)).length;
  if (count === 0) return 'unchecked';
  return count === descendants.length ? 'checked' : 'mixed';
}

/** Ticking a parent ticks its whole subtree; unticking clears it. Parents are then recomputed from children. */
export function toggleModule(selected: ReadonlySet<string>, moduleId: string, on: boolean): Set<string> {
  const next = new Set(selected);
  for (const id of [moduleId, ...descendantsOf(moduleId)]) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return normaliseModuleIds(next);
}

/**
 * Keeps catalogue ids only, and stores a parent exactly when one of its children is granted (a parent counts as
 * granted if any child is, spec part 1 point 6), so the stored list reads like the default profiles.
 */
export function normaliseModuleIds(ids: Iterable<string>): Set<string> {
  const next = new Set([...ids].filter((id) => MODULE_IDS.has(id)));
  // Deepest parents first, so a grandparent sees its children's final state.
  const parents = MODULE_CATALOGUE.filter((m) => childrenOf(m.id).length > 0).reverse();
  for (const parent of parents) {
    const anyChild = childrenOf(parent.id).some((c) => next.has(c.id));
    if (anyChild) next.add(parent.id);
    else if (parent.id !== 'planning.consulter') next.delete(parent.id);
  }
  return withImpliedModules(next);
}

/** Module ids in catalogue order, for stable storage and display. */
export function orderedModuleIds(ids: ReadonlySet<string>): string[] {
  return MODULE_CATALOGUE.map((m) => m.id).filter((id) => ids.has(id));
}
