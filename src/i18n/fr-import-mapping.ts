/**
 * Texts of the guided mapping of a timetable file (beyond the spec: the user points at the days, the times
 * or types the bell schedule, the first course; for a list, maps its columns). The dialog keeps the title,
 * field names and result text of the earlier "pick by hand" dialog (fr.planning.import.manual).
 */
export const frImportMapping = {
  intro:
    "Aucun emploi du temps n'a été détecté automatiquement. Montrez sur l'aperçu où sont les jours, les horaires et le premier cours ; pour une liste, choisissez la colonne de chaque information. Le résultat s'affiche au fur et à mesure.",
  correctTitle: 'Corriger la lecture',
  correctIntro:
    "Le fichier a été lu, mais la lecture peut être incomplète ou fausse. Montrez sur l'aperçu où sont les jours, les horaires et le premier cours ; pour une liste, choisissez la colonne de chaque information. Le résultat remplacera la lecture actuelle.",
  layout: 'Disposition du fichier',
  grid: 'Grille (jours et horaires)',
  list: 'Liste (un cours par ligne)',
  pointing: "Au clic sur l'aperçu, désigner",
  pointDays: 'Les jours',
  pointTimes: 'Les horaires',
  pointFirst: 'Le premier cours',
  pointClass: 'La classe',
  dayColumn: 'ou colonne des jours',
  timeRow: 'ou ligne des horaires',
  none: '—',
  noTimes: 'Aucune (horaires des séances)',
  bell: 'Horaires des séances',
  bellHint:
    'Si le fichier n’a pas d’horaires : une séance par ligne, dans l’ordre des lignes de cours (ex. « 1 08:00-09:00 »).',
  bellProblem: (line: number) => `Ligne ${line} : horaire introuvable (ex. 08:00-09:00).`,
  bellTooMany: (line: number) => `Ligne ${line} : 64 séances au plus.`,
  proposeBell: 'Proposer les horaires depuis les cellules',
  proposedBell: (n: number) =>
    `${n} séance(s) proposée(s) avec les libellés des cellules : vérifiez les heures, puis le résultat.`,
  periodRows: 'Lignes par séance',
  periodRowsHint: 'Une séance qui occupe plusieurs lignes (cours, enseignant, salle en dessous).',
  line: (axis: 'row' | 'column', index: number, letter: string) =>
    axis === 'row' ? `Ligne ${index + 1}` : `Colonne ${letter}`,
  quoted: (sample: string) => (sample === '' ? ' (vide)' : ` (« ${sample} »)`),
  problems: {
    days: (line: string, quoted: string) => `${line} : aucun jour reconnu${quoted}.`,
    times: (line: string, quoted: string) =>
      `${line} : aucune heure reconnue${quoted}. Saisissez les horaires des séances (« Proposer les horaires » reprend les libellés des cellules).`,
    noTimes:
      'Aucun horaire : choisissez la colonne des horaires, ou saisissez les horaires des séances (« Proposer les horaires »).',
    timesAcross:
      'Les jours et les horaires sont tous deux sur une ligne : choisissez la colonne des horaires.',
    emptyArea: (cell: string) =>
      `Jours et horaires lus, mais aucun cours à partir de ${cell} : désignez le premier cours.`,
    listModule: 'Choisissez la colonne des cours (Module).',
    listDay: 'Choisissez la colonne du jour ou de la date.',
    listColumn: (letter: string, role: string, what: string, quoted: string) =>
      `Colonne ${letter} (${role}) : ${what}${quoted}.`,
    listWhat: {
      date: 'aucune date reconnue',
      day: 'aucun jour reconnu',
      start: 'aucune heure reconnue',
      end: 'aucune heure reconnue',
      class: 'aucune valeur lue',
      module: 'aucune valeur lue',
      teacher: 'aucune valeur lue',
      room: 'aucune valeur lue',
    },
  },
  listHint:
    'Une ligne sans heure de début est une journée entière (09:00-17:00) ; une date-heure (2024-09-02T08:00:00Z) donne le jour et l’heure.',
  previewMore: (rows: number, total: number) => `${rows} lignes affichées sur ${total}`,
  previewAll: 'Afficher toutes les lignes',
  schoolBell: {
    title: 'Horaires des séances de l’établissement',
    intro: (periods: string) =>
      `Ce fichier Untis numérote les séances (${periods}) sans en donner les heures. Indiquez-les une fois : elles sont enregistrées pour l’organisation et les prochains fichiers seront lus sans question.`,
    save: 'Enregistrer et lire',
    skip: 'Lire avec les heures par défaut',
    notSaved:
      'Horaires utilisés pour ce fichier seulement : les enregistrer pour l’organisation demande le droit « Données ».',
  },
  firstCourse: 'Premier cours (cellule)',
  firstCourseHint: 'Ex. B3 ; vide : juste après les jours et les horaires.',
  firstCourseInvalid: 'Cellule invalide : une lettre de colonne puis un numéro de ligne (ex. B3).',
  classFromCell: (cell: string) => `Classe lue en ${cell}`,
  titleRow: 'Ligne des titres',
  roles: {
    date: 'Date',
    day: 'Jour',
    start: 'Début',
    end: 'Fin',
    class: 'Classe',
    module: 'Module',
    teacher: 'Enseignant',
    room: 'Salle',
  },
  columnOption: (letter: string, title: string) =>
    title ? `Colonne ${letter} — ${title}` : `Colonne ${letter}`,
  emptyCell: (cell: string) => `${cell} (vide)`,
  courseLine: (day: string, start: string, end: string, module: string, teacher: string, className: string) =>
    `${day} ${start}–${end} · ${module}${teacher ? ` · ${teacher}` : ''} · ${className}`,
  more: (n: number) => `… et ${n} autre(s)`,
  applying: 'Lecture du fichier avec ces choix…',
  applyFailed: 'Rien de détecté dans le fichier avec ces choix.',
  saved: 'Disposition enregistrée : les prochains fichiers de même forme seront lus sans question.',
  notSaved:
    'Disposition utilisée pour ce fichier seulement : l’enregistrer pour l’organisation demande le droit « Données ».',
  appliedSaved: (n: number) => `${n} feuille(s) lue(s) avec la disposition enregistrée`,
};
