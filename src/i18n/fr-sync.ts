/**
 * Texts of the sync between a device and the server (issue 34): the answer to an app whose wire format
 * the server no longer (or not yet) understands, and what the sync status shows when the server asks to
 * wait. The server sends the first itself (server/routes/sync.ts), so a device of any version can show it.
 */
export const frSync = {
  updateRequired:
    "Cette version de l'application n'est plus comprise par le serveur : mettez à jour l'application (rechargez la page).",
  /** Beside « Hors ligne » when the server answered with a message of its own (503, 426). */
  serverSays: (message: string) => `Serveur : ${message}`,
} as const;
