import { fr } from '../../i18n/fr';
import type { ShapeIssues } from '../../services/settings/import-issues';

export interface ImportError {
  message: string;
  /** For a file that is JSON with users and profiles but fails the schema deeper down: where, and why. */
  issues?: ShapeIssues;
}

/** Stays on screen after the toast has gone, so the person can read which parts of the file are wrong. */
export function ImportErrorAlert({ error }: { error: ImportError }) {
  const more = error.issues ? error.issues.total - error.issues.first.length : 0;
  return (
    <div role="alert" className="form-error settings-issues">
      <p>{error.message}</p>
      {error.issues ? <p>{fr.settings.data.firstIssues}</p> : null}
      {error.issues ? (
        <ul>
          {error.issues.first.map((issue) => (
            <li key={`${issue.path}:${issue.message}`}>
              <code>{issue.path}</code> — {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
      {more > 0 ? <p>{fr.settings.data.moreIssues(more)}</p> : null}
    </div>
  );
}
