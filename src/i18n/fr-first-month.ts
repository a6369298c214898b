/** Texts of issue 33 ("a school's first month"), kept apart from the shared dictionaries. */
export const frFirstMonth = {
  bell: {
    pendingRequests: (n: number) =>
      n === 1 ? '1 demande de reprogrammation en attente' : `${n} demandes de reprogrammation en attente`,
    openRequests: 'Ouvrir la reprogrammation',
  },
  kiosk: {
    noPin: "Pas de code PIN : demandez-le à l'administration",
  },
  today: {
    contractIncomplete: 'Votre dossier de contrat est incomplet.',
    openContract: 'Compléter mon dossier',
  },
};
