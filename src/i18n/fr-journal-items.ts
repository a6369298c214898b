import { frSubstitutionChanges } from './fr-substitution-changes';

/** The journal of every action (issue 33 point 8): kinds, action names and readable details. */
export const frJournalItems = {
  kinds: {
    users: 'Comptes utilisateurs',
    planning: 'Planning',
    contracts: 'Contrats',
    settings: 'Paramètres',
  },
  kindFilter: 'Type d’action',
  allKinds: 'Toutes',
  colKind: 'Type',
  codes: {
    'planning-import': 'Import du planning',
    'planning-cancel': 'Cours annulé',
    'planning-reschedule': 'Cours reprogrammé',
    'planning-change-mode': 'Mode du cours modifié',
    'planning-correction': 'Émargement corrigé',
    'planning-restore': frSubstitutionChanges.log.journal,
    'reschedule-requested': 'Demande de reprogrammation',
    'reschedule-validated': 'Reprogrammation validée',
    'vh-contract-created': 'Contrat VH créé',
    'contract-submitted': 'Dossier contractuel soumis',
    'contract-validated': 'Dossier contractuel validé',
    'contract-rejected': 'Dossier contractuel rejeté',
    'settings-change': 'Paramètres modifiés',
  },
  details: {
    userCreatedByImport: 'Compte créé par l’import du planning',
    importWeek: (fileName: string, date: string) => `Fichier « ${fileName} », semaine du ${date}`,
    importMonth: (fileName: string, month: string) => `Fichier « ${fileName} », mois ${month}`,
    course: (className: string, moduleName: string, when: string) =>
      [className, moduleName, when].filter((part) => part !== '').join(' · '),
    reschedule: (course: string, proposed: string, reason: string) =>
      `${course} → proposé le ${proposed}${reason ? ` (motif : ${reason})` : ''}`,
    contract: (lines: number, from: string, to: string) => `${lines} ligne(s), du ${from} au ${to}`,
    rejection: (reason: string) => `Motif : ${reason}`,
    settingsRecord: {
      institutes: 'Institut',
      levels: 'Niveau',
      classes: 'Classe',
      courseModules: 'Module',
    } as Record<string, string | undefined>,
    settingsOps: { create: 'créé(e)', update: 'modifié(e)', delete: 'supprimé(e)' } as Record<
      string,
      string | undefined
    >,
    settingsRecordChange: (record: string, name: string, op: string) => `${record} « ${name} » ${op}`,
    pinValidity: (days: string) => `Validité des codes PIN : ${days} jours`,
    settingsOther: 'Paramètres de l’organisation',
  },
  days: ['', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
} as const;
