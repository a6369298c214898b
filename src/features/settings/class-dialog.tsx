import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { appDb } from '../../db/database';
import {
  hasNoIssue,
  validateClass,
  type ClassDraft,
  type ClassField,
} from '../../domain/settings/validation';
import type { SchoolClass } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import { issueMessage } from './messages';
import { ReferenceSelect, type Choice } from './reference-select';
import { saveReference } from '../../services/settings/settings-service';
import { useTouched } from './use-touched';

interface Props {
  /** The class edited; null for a new one. */
  record: SchoolClass | null;
  classes: readonly SchoolClass[];
  levels: readonly Choice[];
  institutes: readonly Choice[];
  onClose: () => void;
}

/** Create or edit a class (spec part 1 point 5: code, level and institute required). Mounted while open. */
export function ClassDialog({ record, classes, levels, institutes, onClose }: Props) {
  const [draft, setDraft] = useState<ClassDraft>({
    code: record?.code ?? '',
    levelId: record ? (record.levelId ?? null) : (levels[0]?.id ?? null),
    instituteId: record ? (record.instituteId ?? null) : (institutes[0]?.id ?? null),
  });
  const [isBusy, setIsBusy] = useState(false);
  const { touch, isTouched } = useTouched<ClassField>();
  const toast = useToast();
  const t = fr.settings;
  const issues = validateClass(draft, {
    others: classes,
    selfId: record?.id ?? null,
    levelIds: new Set(levels.map((l) => l.id)),
    instituteIds: new Set(institutes.map((i) => i.id)),
  });
  // Pickers start filled in; an empty one (no level yet, or a deleted one) shows its message at once.
  const shown = (field: ClassField) =>
    isTouched(field) || field !== 'code' ? issueMessage(issues[field]) : null;
  const edit =
    <F extends ClassField>(field: F) =>
    (value: ClassDraft[F]) => {
      setDraft((d) => ({ ...d, [field]: value }));
      touch(field);
    };
  const submit = async () => {
    if (!hasNoIssue(issues)) return;
    setIsBusy(true);
    try {
      const fields = { code: draft.code.trim(), levelId: draft.levelId, instituteId: draft.instituteId };
      await saveReference(appDb(), 'classes', record?.id ?? null, fields);
      toast.show(t.classes.saved);
      onClose();
    } catch {
      toast.show(t.common.saveFailed, 'error');
      setIsBusy(false);
    }
  };
  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={record ? t.classes.editTitle : t.classes.createTitle}
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
          label={t.fields.code}
          value={draft.code}
          onChange={edit('code')}
          onBlur={() => touch('code')}
          errorMessage={shown('code')}
        />
        <ReferenceSelect
          label={t.fields.level}
          choices={levels}
          value={draft.levelId}
          onChange={edit('levelId')}
          errorMessage={shown('levelId')}
        />
        <ReferenceSelect
          label={t.fields.institute}
          choices={institutes}
          value={draft.instituteId}
          onChange={edit('instituteId')}
          errorMessage={shown('instituteId')}
        />
        <div className="dialog-actions">
          <Button className="button secondary" slot="close">
            {t.common.cancel}
          </Button>
          <Button className="button primary" type="submit" isDisabled={isBusy || !hasNoIssue(issues)}>
            {t.common.save}
          </Button>
        </div>
      </Form>
    </AppDialog>
  );
}
