import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSchool, type ImportTeacher } from './import-school';

/** The administrator of the "À affecter" specs (issue 30 item 5): imports, consults and staffs courses. */
export const UNASSIGNED_ADMIN_MODULES = [
  'planning.importer',
  'planning.historique',
  'planning.consulter',
  'planning.consulter.actions',
  'settings.classes',
  'users',
];

/** The teacher the courses "À affecter" are given to: Moussa Sow (sow@ecole.sn / IMPORT_TEACHER_PASSWORD). */
export const MOUSSA_SOW = { id: 'u-sow', name: 'Moussa Sow', email: 'sow@ecole.sn' } as const;

/**
 * A school about to import a list that names no teacher for some courses: importSchool()'s administrator with
 * UNASSIGNED_ADMIN_MODULES, Moussa Sow and `teachers`, whose profile has `teacherModules`.
 */
export function unassignedSchool({
  teachers = [],
  teacherModules,
}: { teachers?: readonly ImportTeacher[]; teacherModules?: readonly string[] } = {}) {
  return importSchool({
    modules: UNASSIGNED_ADMIN_MODULES,
    institute: { id: 'inst-1', name: 'Institut supérieur', abbr: 'ISI' },
    teachers: [MOUSSA_SOW, ...teachers],
    ...(teacherModules ? { teacherModules } : {}),
  });
}

/**
 * A timetable office's list for L1 Info with an empty teacher column on three lines (Algorithmique on Monday
 * and Tuesday, Réseaux on Wednesday) and Anglais by Moussa Sow on Thursday, written in `dir`: its path.
 */
export function writeUnassignedList(dir: string): string {
  const file = join(dir, 'liste-sans-enseignants.csv');
  writeFileSync(
    file,
    [
      'Jour;Début;Fin;Classe;Cours;Enseignant',
      'Lundi;08:00;10:00;L1 Info;Algorithmique;',
      'Mardi;08:00;10:00;L1 Info;Algorithmique;',
      'Mercredi;10:00;12:00;L1 Info;Réseaux;',
      'Jeudi;08:00;10:00;L1 Info;Anglais;Moussa Sow',
      '',
    ].join('\r\n'),
  );
  return file;
}
