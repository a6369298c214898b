/** The teacher's contract form (issue 33 point 4): every error at once, in one summary. */
export const frContractForm = {
  summaryTitle: (count: number) =>
    count === 1
      ? '1 point à corriger avant de soumettre :'
      : `${count} points à corriger avant de soumettre :`,
  onFilesStep: '(étape 2. Pièces jointes)',
  labels: {
    phoneRest: 'Téléphone',
    phoneDialCode: 'Indicatif',
    emergencyPhoneRest: 'Téléphone du contact',
    emergencyPhoneDialCode: 'Indicatif du contact',
    attestsTruth: 'Attestation sur l’honneur',
  } as Record<string, string | undefined>,
} as const;
