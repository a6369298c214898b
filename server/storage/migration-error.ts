/** A numbered migration that failed (its transaction was rolled back): the server does not start on it. */
export class MigrationError extends Error {
  constructor(
    readonly version: number,
    readonly migrationName: string,
    options: { cause: unknown },
  ) {
    super(`migration ${version} (${migrationName}) failed`, options);
    this.name = 'MigrationError';
  }
}
