import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TeacherConflict } from '../../../domain/planning/conflicts';
import { importConflicts } from '../../../domain/planning/import-timetables';
import type { FixableReferences, NameFixes } from '../../../domain/planning/import-renames';
import type { ParsedFile } from '../../../domain/timetable-parsing';
import { createVerificationClient, type VerificationClient } from './verification-client';
import {
  referencesForMatching,
  type ConflictsQuestion,
  type Derived,
  type DetectedNames,
  type WarningSources,
} from './verification-derive';

export interface VerificationDerived {
  detected: DetectedNames | null;
  derived: Derived | null;
  /** The shown resolution is not yet the one of the latest names or references: saving waits for it. */
  isStale: boolean;
  /** The save's conflict check, computed in the same worker (never a long task on the page). */
  conflicts: (question: ConflictsQuestion) => Promise<TeacherConflict[]>;
}

/**
 * The file matched against the references with the names fixed by hand, and the contract warnings of what it
 * would save against `sources`, computed in a worker: the dialog never blocks a frame for them.
 */
export function useVerificationDerived(
  parsed: ParsedFile,
  fixes: NameFixes,
  references: FixableReferences | undefined,
  sources?: WarningSources,
): VerificationDerived {
  const client = useRef<VerificationClient | null>(null);
  const [detected, setDetected] = useState<DetectedNames | null>(null);
  const [answer, setAnswer] = useState<{ request: object; derived: Derived } | null>(null);
  const request = useMemo(
    () => (references === undefined ? null : { fixes, references: referencesForMatching(references) }),
    [fixes, references],
  );

  useEffect(() => {
    // Answers redraw long lists: as transitions, React draws them in slices that leave frames free.
    const created = createVerificationClient(parsed, (found) => startTransition(() => setDetected(found)));
    client.current = created;
    return () => {
      created.close();
      client.current = null;
    };
  }, [parsed]);

  // Runs after the client's effect (declaration order), also when a new file gave a new client. New sources
  // (a timetable or a contract stored meanwhile) derive again for the same request: the warnings follow,
  // and "Enregistrer" is not greyed out meanwhile (the answer is still the request's).
  useEffect(() => {
    if (client.current === null || request === null) return;
    if (sources !== undefined) client.current.setSources(sources);
    client.current.derive(request.fixes, request.references, (derived) =>
      startTransition(() => setAnswer({ request, derived })),
    );
  }, [parsed, request, sources]);

  const conflicts = useCallback(
    (question: ConflictsQuestion) =>
      client.current?.conflicts(question) ??
      Promise.resolve(
        importConflicts(question.candidates, question.stored, question.period, question.substitutions),
      ),
    [],
  );

  return { detected, derived: answer?.derived ?? null, isStale: answer?.request !== request, conflicts };
}
