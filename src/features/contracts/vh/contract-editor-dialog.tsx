import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../../db/database';
import { randomId } from '../../../domain/secrets';
import type { Contract } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { saveVhContract } from '../../../services/contracts/vh-contract-service';
import { AppDialog } from '../../../ui/app-dialog';
import { useToast } from '../../../ui/toast';
import {
  contractFromDraft,
  draftFromContract,
  emptyPair,
  validateContractDraft,
  type ContractDraft,
  type DraftIssues,
} from './contract-draft';
import { PairFields } from './pair-fields';
import type { VhData } from './use-vh-data';
import { frStatement } from '../../../i18n/fr-statement';

interface Props {
  contract: Contract | null;
  data: VhData;
  onClose: () => void;
}

/** "+ Nouveau contrat" and "Modifier": teacher, start, end and the allowed class/module pairs. */
export function ContractEditorDialog({ contract, data, onClose }: Props) {
  const t = fr.contracts.vh;
  const toast = useToast();
  const [draft, setDraft] = useState<ContractDraft>(() =>
    draftFromContract(contract, new Date(), () => randomId('p-')),
  );
  const [issues, setIssues] = useState<DraftIssues | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  // A contract of a user who is no longer a teacher stays editable: keep them in the list.
  const teachers = data.teachers.some((u) => u.id === draft.teacherUserId)
    ? data.teachers
    : [
        ...data.teachers,
        ...(draft.teacherUserId
          ? [{ id: draft.teacherUserId, name: data.userNames.get(draft.teacherUserId) ?? t.teacher }]
          : []),
      ];

  const save = async () => {
    const result = validateContractDraft(draft, () => randomId('ce-'));
    if (!result.ok) {
      setIssues(result.issues);
      return;
    }
    setIsBusy(true);
    try {
      await saveVhContract(appDb(), contractFromDraft(contract, result.value, randomId('c-'), new Date()));
      toast.show(fr.contracts.common.saved);
      onClose();
    } finally {
      setIsBusy(false);
    }
  };
  const dateError = issues?.dates ? t.errors[issues.dates] : null;

  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={contract ? t.editTitle : t.newTitle}
      size="large"
    >
      <form
        className="contracts-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="select-field">
          <label htmlFor="contract-teacher">{t.teacher}</label>
          <select
            id="contract-teacher"
            value={draft.teacherUserId}
            aria-invalid={issues?.teacher ? true : undefined}
            onChange={(e) => setDraft({ ...draft, teacherUserId: e.target.value })}
          >
            <option value="">{t.chooseTeacher}</option>
            {teachers.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
          {issues?.teacher ? <span className="field-error">{t.errors.teacher}</span> : null}
        </div>
        <div className="contracts-dates">
          <div className="field">
            <label htmlFor="contract-start">{t.startDate}</label>
            <input
              id="contract-start"
              type="date"
              value={draft.startDate}
              aria-invalid={issues?.dates === 'invalid-start-date' ? true : undefined}
              onChange={(e) => setDraft({ ...draft, startDate: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="contract-end">{t.endDate}</label>
            <input
              id="contract-end"
              type="date"
              value={draft.endDate}
              aria-invalid={issues?.dates && issues.dates !== 'invalid-start-date' ? true : undefined}
              onChange={(e) => setDraft({ ...draft, endDate: e.target.value })}
            />
          </div>
        </div>
        {dateError ? <p className="field-error">{dateError}</p> : null}
        <div className="field">
          <label htmlFor="contract-rate">{frStatement.vhRate}</label>
          <input
            id="contract-rate"
            inputMode="decimal"
            value={draft.hourlyRate}
            aria-invalid={issues?.rate ? true : undefined}
            onChange={(e) => setDraft({ ...draft, hourlyRate: e.target.value })}
          />
          {issues?.rate ? <span className="field-error">{frStatement.vhRateInvalid}</span> : null}
        </div>
        <h3 className="contracts-subtitle">{t.pairs}</h3>
        {draft.pairs.map((pair, index) => (
          <PairFields
            key={pair.key}
            index={index}
            pair={pair}
            issues={issues?.byPair[pair.key]}
            classes={data.classes}
            modules={data.modules}
            onChange={(next) =>
              setDraft({ ...draft, pairs: draft.pairs.map((p) => (p.key === next.key ? next : p)) })
            }
            onRemove={() => setDraft({ ...draft, pairs: draft.pairs.filter((p) => p.key !== pair.key) })}
          />
        ))}
        {issues?.pairs ? <p className="field-error">{t.errors['no-pairs']}</p> : null}
        <Button
          className="button secondary"
          onPress={() => setDraft({ ...draft, pairs: [...draft.pairs, emptyPair(randomId('p-'))] })}
        >
          {t.addPair}
        </Button>
        {issues ? (
          <p className="form-error" role="alert">
            {t.errors.form}
          </p>
        ) : null}
        <div className="dialog-actions">
          <Button className="button secondary" slot="close">
            {fr.contracts.common.cancel}
          </Button>
          <Button className="button primary" type="submit" isDisabled={isBusy}>
            {fr.contracts.common.save}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
