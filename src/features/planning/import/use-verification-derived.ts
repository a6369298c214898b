import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import type { FixableReferences, NameFixes } from '../../../domain/planning/import-renames';
import type { ParsedFile } from '../../../domain/timetable-parsing';
import { createVerificationClient, type VerificationClient } from './verification-client';
import { referencesForMatching, type Derived, type DetectedNames } from './verification-derive';

export interface VerificationDerived {
  detected: DetectedNames | null;
  derived: Derived | null;
  /** The shown resolution is not yet the one of the latest names or references: saving waits for it. */
  isStale: boolean;
}

/** The file matched against the references with the names fixed by hand, computed in a worker. */
export function useVerificationDerived(
  parsed: ParsedFile,
  fixes: NameFixes,
  references: FixableReferences | undefined,
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

  // Runs after the client's effect (declaration order), also when a new file gave a new client.
  useEffect(() => {
    if (client.current === null || request === null) return;
    client.current.derive(request.fixes, request.references, (derived) =>
      startTransition(() => setAnswer({ request, derived })),
    );
  }, [parsed, request]);

  return { detected, derived: answer?.derived ?? null, isStale: answer?.request !== request };
}
