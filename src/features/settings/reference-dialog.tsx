import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { appDb } from '../../db/database';
import {
  hasNoIssue,
  validateReference,
  type ReferenceDraft,
  type ReferenceField,
} from '../../domain/settings/validation';
import type { Institute, Level } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import { parseInstituteZone, zoneInputOf, type ZoneInput } from '../../domain/settings/institute-zone';
import { issueMessage } from './messages';
import { REFERENCE_TEXTS, type ReferenceKind } from './reference-kind';
import { saveReference } from '../../services/settings/settings-service';
import { useTouched } from './use-touched';

interface Props {
  kind: ReferenceKind;
  /** The record edited; null for a new one. */
  record: Institute | Level | null;
  onClose: () => void;
}

/**
 * Create or edit an institute or a level (spec part 1 point 5: name and abbreviation required). Mounted only
 * while open, so each opening starts from the record.
 */
export function ReferenceDialog({ kind, record, onClose }: Props) {
  const [draft, setDraft] = useState<ReferenceDraft>({ name: record?.name ?? '', abbr: record?.abbr ?? '' });
  const [isBusy, setIsBusy] = useState(false);
  const { touch, isTouched } = useTouched<ReferenceField>();
  const isInstitute = kind === 'institutes';
  const [zoneInput, setZoneInput] = useState<ZoneInput>(
    zoneInputOf((record ?? {}) as Record<string, unknown>),
  );
  const zone = parseInstituteZone(zoneInput);
  const zoneError = isInstitute && !zone.ok ? fr.settings.zone.issues[zone.issue] : null;
  const toast = useToast();
  const issues = validateReference(draft);
  const shown = (field: ReferenceField) => (isTouched(field) ? issueMessage(issues[field]) : null);
  const edit = (field: ReferenceField) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    touch(field);
  };
  const texts = REFERENCE_TEXTS[kind];
  const submit = async () => {
    if (!hasNoIssue(issues) || !zone.ok) return;
    setIsBusy(true);
    try {
      await saveReference(appDb(), kind, record?.id ?? null, {
        name: draft.name.trim(),
        abbr: draft.abbr.trim(),
        // An emptied zone removes the three fields (undefined values are sync deletions).
        ...(isInstitute
          ? {
              latitude: zone.ok ? zone.value?.latitude : undefined,
              longitude: zone.ok ? zone.value?.longitude : undefined,
              radiusM: zone.ok ? zone.value?.radiusM : undefined,
            }
          : {}),
      });
      toast.show(texts.saved);
      onClose();
    } catch {
      toast.show(fr.settings.common.saveFailed, 'error');
      setIsBusy(false);
    }
  };
  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={record ? texts.editTitle : texts.createTitle}
      size="small"
    >
      <Form
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={fr.settings.fields.name}
          value={draft.name}
          onChange={edit('name')}
          onBlur={() => touch('name')}
          errorMessage={shown('name')}
        />
        <TextField
          label={fr.settings.fields.abbr}
          value={draft.abbr}
          onChange={edit('abbr')}
          onBlur={() => touch('abbr')}
          errorMessage={shown('abbr')}
        />
        {isInstitute ? (
          <fieldset>
            <legend>{fr.settings.zone.legend}</legend>
            <p className="hint">{fr.settings.zone.hint}</p>
            <div className="settings-zone">
              <TextField
                label={fr.settings.zone.latitude}
                value={zoneInput.latitude}
                inputMode="text"
                onChange={(latitude) => setZoneInput({ ...zoneInput, latitude })}
              />
              <TextField
                label={fr.settings.zone.longitude}
                value={zoneInput.longitude}
                inputMode="text"
                onChange={(longitude) => setZoneInput({ ...zoneInput, longitude })}
              />
              <TextField
                label={fr.settings.zone.radius}
                value={zoneInput.radiusM}
                inputMode="numeric"
                onChange={(radiusM) => setZoneInput({ ...zoneInput, radiusM })}
              />
            </div>
            {zoneError ? (
              <p role="alert" className="field-error">
                {zoneError}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <div className="dialog-actions">
          <Button className="button secondary" slot="close">
            {fr.settings.common.cancel}
          </Button>
          <Button
            className="button primary"
            type="submit"
            isDisabled={isBusy || !hasNoIssue(issues) || zoneError !== null}
          >
            {fr.settings.common.save}
          </Button>
        </div>
      </Form>
    </AppDialog>
  );
}
