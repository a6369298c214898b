/**
 * Texts of the « Mois clôturé » flag of the payroll statements when a month is closed per institute (issue 32,
 * domain/payroll/statement-closed.ts): on /workload, some teachers' statements may be closed and others not.
 */
export const frStatementClosed = {
  /** /workload, when the month is closed for some teachers' courses only. */
  partly: (closed: number, total: number) =>
    `Mois clôturé pour ${closed} enseignant${closed > 1 ? 's' : ''} sur ${total} : les établissements des cours des autres ne l’ont pas encore clôturé, leurs heures peuvent encore changer.`,
  /** A teacher's row on /workload whose statement is not closed yet. */
  rowOpen: 'mois non clôturé',
} as const;
