/** Courses whose file names no teacher (issue 30 item 5): imported "à affecter", staffed later in bulk. */
export const frUnassigned = {
  teacher: 'À affecter',
  title: 'Cours à affecter',
  intro: (count: number) =>
    `${count} cours sans enseignant dans le fichier : ils sont importés « À affecter » et aucun pointage n’est possible tant qu’un enseignant n’est pas choisi. Choisissez l’enseignant par module et classe.`,
  module: 'Module',
  className: 'Classe',
  courses: 'Cours',
  teacherLabel: 'Enseignant',
  keep: 'À affecter',
  assignLabel: (module: string, className: string) => `Enseignant de ${module}, ${className}`,
} as const;
