import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { appDb } from '../../db/database';
import {
  hasNoIssue,
  validateCourseModule,
  type CourseModuleDraft,
  type CourseModuleField,
} from '../../domain/settings/validation';
import type { CourseModule } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';
import { frImportLevels } from '../../i18n/fr-import-levels';
import { AppDialog } from '../../ui/app-dialog';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import { courseModuleMessage } from './messages';
import { ReferenceSelect, type Choice } from './reference-select';
import { saveReference } from '../../services/settings/settings-service';
import { useTouched } from './use-touched';

/** The picker's entry for a module of every level: stored as no level (issue 33 point 5). */
const ALL_LEVELS = '*';

interface Props {
  /** The module edited; null for a new one. */
  record: CourseModule | null;
  courseModules: readonly CourseModule[];
  levels: readonly Choice[];
  institutes: readonly Choice[];
  onClose: () => void;
}

/**
 * Create or edit a course module (spec part 1 point 5): each field checked on its own, "Enregistrer"
 * disabled until all pass; a new module starts empty with the first level and first institute chosen.
 */
export function CourseModuleDialog({ record, courseModules, levels, institutes, onClose }: Props) {
  const [draft, setDraft] = useState<CourseModuleDraft>({
    code: record?.code ?? '',
    name: record?.name ?? '',
    levelId: record ? (record.levelId ?? null) : (levels[0]?.id ?? null),
    instituteId: record ? (record.instituteId ?? null) : (institutes[0]?.id ?? null),
  });
  const [isBusy, setIsBusy] = useState(false);
  const { touch, isTouched } = useTouched<CourseModuleField>();
  const toast = useToast();
  const t = fr.settings;
  const issues = validateCourseModule(draft, {
    others: courseModules,
    selfId: record?.id ?? null,
    levelIds: new Set(levels.map((l) => l.id)),
    instituteIds: new Set(institutes.map((i) => i.id)),
  });
  // Text fields speak once edited or left; pickers start filled in, so an empty one speaks at once.
  const isPicker = (field: CourseModuleField) => field === 'levelId' || field === 'instituteId';
  const shown = (field: CourseModuleField) =>
    isTouched(field) || isPicker(field) ? courseModuleMessage(issues[field]) : null;
  const edit =
    <F extends CourseModuleField>(field: F) =>
    (value: CourseModuleDraft[F]) => {
      setDraft((d) => ({ ...d, [field]: value }));
      touch(field);
    };
  const submit = async () => {
    if (!hasNoIssue(issues)) return;
    setIsBusy(true);
    try {
      await saveReference(appDb(), 'courseModules', record?.id ?? null, {
        code: draft.code.trim(),
        name: draft.name.trim(),
        levelId: draft.levelId,
        instituteId: draft.instituteId,
      });
      toast.show(t.courseModules.saved);
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
      title={record ? t.courseModules.editTitle : t.courseModules.createTitle}
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
        <TextField
          label={t.fields.name}
          value={draft.name}
          onChange={edit('name')}
          onBlur={() => touch('name')}
          errorMessage={shown('name')}
        />
        <ReferenceSelect
          label={t.fields.level}
          choices={[{ id: ALL_LEVELS, label: frImportLevels.severalLevels }, ...levels]}
          value={draft.levelId ?? ALL_LEVELS}
          onChange={(id) => edit('levelId')(id === ALL_LEVELS ? null : id)}
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
