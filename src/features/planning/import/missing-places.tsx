import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../../db/database';
import { hasNoIssue, validateReference, type ReferenceDraft } from '../../../domain/settings/validation';
import { fr } from '../../../i18n/fr';
import { saveReference } from '../../../services/settings/settings-service';
import { useSignedInSession } from '../../../session/use-session';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { issueMessage } from '../../settings/messages';

type PlaceKind = 'levels' | 'institutes';

/** The settings module a person needs to create each kind (the server checks it again on the write). */
const MODULE_OF: Record<PlaceKind, string> = { levels: 'settings.niveaux', institutes: 'settings.instituts' };

interface Props {
  /** How many levels and institutes the organisation has. */
  available: { levels: number; institutes: number };
  isBusy: boolean;
}

const EMPTY: ReferenceDraft = { name: '', abbr: '' };

/**
 * Issue 30 item 6: on an installation without a level or an institute, the verification dialog creates them
 * in place (name and abbreviation, spec part 1 point 5), written like Paramètres writes them (saveReference:
 * record, journal and outbox in one batch, authorised by the server), so the reading goes on without leaving.
 */
export function MissingPlaces({ available, isBusy }: Props) {
  const session = useSignedInSession();
  const toast = useToast();
  const t = fr.importPlaces;
  const [drafts, setDrafts] = useState<Record<PlaceKind, ReferenceDraft>>({
    levels: EMPTY,
    institutes: EMPTY,
  });
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const needed = (['levels', 'institutes'] as const).filter((kind) => available[kind] === 0);
  if (needed.length === 0) return null;
  const allowed = needed.filter((kind) => session?.granted.has(MODULE_OF[kind]) ?? false);
  const refused = needed.filter((kind) => !allowed.includes(kind));
  const whatOf = (kind: PlaceKind) => (kind === 'levels' ? t.level : t.institute);
  const what = needed.length === 2 ? t.levelAndInstitute : whatOf(needed[0] ?? 'levels');
  const issuesOf = (kind: PlaceKind) => validateReference(drafts[kind]);
  const isComplete = allowed.every((kind) => hasNoIssue(issuesOf(kind)));

  const edit = (kind: PlaceKind, field: keyof ReferenceDraft) => (value: string) =>
    setDrafts((d) => ({ ...d, [kind]: { ...d[kind], [field]: value } }));

  const create = async () => {
    setIsSubmitted(true);
    if (!isComplete || allowed.length === 0) return;
    setIsSaving(true);
    try {
      for (const kind of allowed) {
        await saveReference(appDb(), kind, null, {
          name: drafts[kind].name.trim(),
          abbr: drafts[kind].abbr.trim(),
        });
      }
      toast.show(allowed.length === 2 ? t.created : t.createdOne(whatOf(allowed[0] ?? 'levels')));
    } catch {
      toast.show(t.failed, 'error');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <section className="import-places" aria-labelledby="import-places-title">
      <h3 id="import-places-title">{t.title}</h3>
      <p className="form-error" role="alert">
        {t.intro(what, needed.length === 2)}
      </p>
      {refused.map((kind) => (
        <p key={kind} className="hint">
          {t.notPermitted(whatOf(kind))}
        </p>
      ))}
      {allowed.length === 0 ? null : (
        <form
          className="import-places-form"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          {allowed.map((kind) => {
            const issues = issuesOf(kind);
            const shown = (field: keyof ReferenceDraft) => (isSubmitted ? issueMessage(issues[field]) : null);
            return (
              <fieldset key={kind} className="import-places-fields">
                <legend>{kind === 'levels' ? t.levelLegend : t.instituteLegend}</legend>
                <TextField
                  label={t.name[kind]}
                  value={drafts[kind].name}
                  placeholder={kind === 'levels' ? t.namePlaceholderLevel : t.namePlaceholderInstitute}
                  onChange={edit(kind, 'name')}
                  errorMessage={shown('name')}
                />
                <TextField
                  label={t.abbr[kind]}
                  value={drafts[kind].abbr}
                  onChange={edit(kind, 'abbr')}
                  errorMessage={shown('abbr')}
                />
              </fieldset>
            );
          })}
          <Button className="button primary small" type="submit" isDisabled={isBusy || isSaving}>
            {t.create(allowed.length === 2)}
          </Button>
        </form>
      )}
    </section>
  );
}
