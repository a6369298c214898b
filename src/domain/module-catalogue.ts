/** Module catalogue (permissions), spec part 1 point 6. Ids are stable; names are the French labels. */
export interface ModuleDefinition {
  id: string;
  name: string;
  parentId: string | null;
}

export const MODULE_CATALOGUE: readonly ModuleDefinition[] = [
  { id: 'user-mgmt', name: 'Gestion des utilisateurs', parentId: null },
  { id: 'users', name: 'Utilisateurs', parentId: 'user-mgmt' },
  { id: 'profiles', name: 'Profils', parentId: 'user-mgmt' },
  { id: 'journal', name: 'Journal', parentId: 'user-mgmt' },
  { id: 'planning', name: 'Gestion du planning', parentId: null },
  { id: 'planning.importer', name: 'Importer', parentId: 'planning' },
  { id: 'planning.consulter', name: 'Consulter', parentId: 'planning' },
  { id: 'planning.consulter.actions', name: 'Actions sur les cours', parentId: 'planning.consulter' },
  { id: 'planning.reprogrammation', name: 'Reprogrammation', parentId: 'planning' },
  { id: 'planning.historique', name: 'Historique', parentId: 'planning' },
  { id: 'workload', name: 'Gestion des volumes horaires', parentId: null },
  { id: 'contracts', name: 'Gestion des contrats', parentId: null },
  { id: 'contracts.vh', name: 'Gestion contractuelle des VH', parentId: 'contracts' },
  { id: 'contracts.compliance', name: "Fiche d'identification", parentId: 'contracts' },
  { id: 'attendance', name: 'Suivi des émargements', parentId: null },
  { id: 'teacher', name: 'Espace pédagogique', parentId: null },
  { id: 'teacher.today', name: 'Module du jour', parentId: 'teacher' },
  { id: 'teacher.planning', name: 'Mon planning', parentId: 'teacher' },
  { id: 'teacher.workload', name: 'Mes heures (réel)', parentId: 'teacher' },
  { id: 'teacher.contract', name: 'Mon contrat', parentId: null },
  { id: 'settings', name: 'Paramètres', parentId: null },
  { id: 'settings.instituts', name: 'Instituts', parentId: 'settings' },
  { id: 'settings.niveaux', name: 'Niveaux', parentId: 'settings' },
  { id: 'settings.classes', name: 'Classes', parentId: 'settings' },
  { id: 'settings.modules', name: 'Modules', parentId: 'settings' },
  { id: 'settings.donnees', name: 'Données', parentId: 'settings' },
];

export const MODULE_IDS: ReadonlySet<string> = new Set(MODULE_CATALOGUE.map((m) => m.id));

export function childrenOf(moduleId: string): ModuleDefinition[] {
  return MODULE_CATALOGUE.filter((m) => m.parentId === moduleId);
}

/** Every descendant id of a module (children, grandchildren...). */
export function descendantsOf(moduleId: string): string[] {
  const out: string[] = [];
  for (const child of childrenOf(moduleId)) {
    out.push(child.id, ...descendantsOf(child.id));
  }
  return out;
}

/** Spec part 1 point 6: a parent counts as granted if any of its children is granted. */
export function isModuleGranted(granted: ReadonlySet<string>, moduleId: string): boolean {
  if (granted.has(moduleId)) return true;
  return descendantsOf(moduleId).some((id) => granted.has(id));
}

/** Admin-type users hold any of users, profiles, settings or contracts.compliance (spec part 1 point 4). */
export function isAdminType(granted: ReadonlySet<string>): boolean {
  return (
    granted.has('users') ||
    granted.has('profiles') ||
    isModuleGranted(granted, 'settings') ||
    granted.has('contracts.compliance')
  );
}

/** Teacher-type means teacher.contract or teacher (spec part 2 point 4). */
export function isTeacherType(granted: ReadonlySet<string>): boolean {
  return granted.has('teacher.contract') || isModuleGranted(granted, 'teacher');
}
