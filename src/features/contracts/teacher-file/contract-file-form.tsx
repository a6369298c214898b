import { useEffect, useRef, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { appDb } from '../../../db/database';
import {
  initialSubmissionFields,
  isSubmissionReadOnly,
  pickSubmissionFields,
  submissionFieldIssues,
  type SubmissionFields,
  type SubmissionResult,
} from '../../../domain/contracts/submission';
import { randomId } from '../../../domain/secrets';
import type { TeacherContractSubmission, User } from '../../../domain/store/schema';
import { toIsoInstant } from '../../../domain/time/instant';
import { fr } from '../../../i18n/fr';
import {
  saveTeacherSubmission,
  submitTeacherSubmission,
} from '../../../services/contracts/submission-service';
import { useToast } from '../../../ui/toast';
import { AttachmentsStep } from './attachments-step';
import { ErrorSummary } from './error-summary';
import {
  attachmentIssueMessages,
  isAttachmentField,
  issueMessages,
  onlyAttachmentIssues,
  orderedMessages,
} from './field-issues';
import { InfoStep } from './info-step';

type Step = 'info' | 'files';

/** Stored fields over the defaults: names from the account name, dial codes from the time zone. */
function startingFields(user: User, submission: TeacherContractSubmission | null): SubmissionFields {
  const defaults = initialSubmissionFields({
    name: user.name,
    email: user.email,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  const stored = submission ? pickSubmissionFields(submission) : {};
  const kept = Object.fromEntries(
    Object.entries(stored).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  );
  return { ...defaults, ...kept, email: user.email };
}

export function ContractFileForm({
  user,
  submission,
}: {
  user: User;
  submission: TeacherContractSubmission | null;
}) {
  const t = fr.contracts.file;
  const toast = useToast();
  const [fields, setFields] = useState(() => startingFields(user, submission));
  const [step, setStep] = useState<Step>('info');
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const isReadOnly = isSubmissionReadOnly(submission);
  const messages = hasTriedSubmit
    ? orderedMessages(issueMessages(submissionFieldIssues(fields, new Date())))
    : {};
  // The field to focus once its step is drawn: the first error after "Soumettre", or one chosen in the summary.
  const [focusField, setFocusField] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusField === null) return;
    const target = formRef.current?.querySelector<HTMLElement>(`[name="${focusField}"]`);
    if (!target) return;
    target.focus();
    target.scrollIntoView({ block: 'center' });
    setFocusField(null);
  }, [focusField, step]);
  const goTo = (field: string) => {
    setStep(isAttachmentField(field) ? 'files' : 'info');
    setFocusField(field);
  };
  const set = (patch: SubmissionFields) => setFields((current) => ({ ...current, ...patch }));

  const run = async (action: () => Promise<SubmissionResult>): Promise<SubmissionResult | null> => {
    setIsBusy(true);
    try {
      const result = await action();
      if (!result.ok && result.code === 'read-only') toast.show(t.readOnlyError, 'error');
      return result;
    } finally {
      setIsBusy(false);
    }
  };
  const save = (next: SubmissionFields) =>
    run(() => saveTeacherSubmission(appDb(), { teacher: user, fields: next, now: new Date() }));

  const next = async () => {
    const result = await save(fields);
    if (!result?.ok) return;
    toast.show(fr.contracts.common.saved);
    setStep('files');
  };
  const submit = async () => {
    const result = await run(() =>
      submitTeacherSubmission(appDb(), { teacher: user, fields, now: new Date() }),
    );
    if (!result) return;
    if (result.ok) {
      setHasTriedSubmit(false);
      toast.show(t.submitted);
      return;
    }
    if (result.code !== 'invalid-fields') return;
    setHasTriedSubmit(true);
    toast.show(t.fixErrors, 'error');
    // Every error shows at once (the summary lists both steps); the focus goes to the first in the form's order.
    const first = Object.keys(orderedMessages(issueMessages(result.issues ?? [])))[0];
    setStep(onlyAttachmentIssues(result.issues ?? []) ? 'files' : 'info');
    if (first) setFocusField(first);
  };
  const changeAttachments = async (attachments: SubmissionFields['attachments'], message: string) => {
    const nextFields = { ...fields, attachments };
    setFields(nextFields);
    const result = await save(nextFields);
    if (result?.ok) toast.show(message);
  };

  return (
    <div ref={formRef}>
      <ErrorSummary messages={messages} onGoTo={goTo} />
      <Tabs
        className="contracts-steps"
        selectedKey={step}
        onSelectionChange={(key) => setStep(key === 'files' ? 'files' : 'info')}
      >
        <TabList aria-label={t.steps} className="section-tabs contracts-step-tabs">
          <Tab id="info" className="tab">
            {t.stepInfo}
          </Tab>
          <Tab id="files" className="tab">
            {t.stepFiles}
          </Tab>
        </TabList>
        <TabPanel id="info">
          <InfoStep
            fields={fields}
            set={set}
            messages={messages}
            isReadOnly={isReadOnly}
            isBusy={isBusy}
            onNext={() => void next()}
            onSubmit={() => void submit()}
          />
        </TabPanel>
        <TabPanel id="files">
          <AttachmentsStep
            attachments={fields.attachments ?? []}
            isReadOnly={isReadOnly}
            isBusy={isBusy}
            issues={attachmentIssueMessages(messages)}
            onAdd={(a) =>
              changeAttachments(
                [
                  ...(fields.attachments ?? []),
                  {
                    id: randomId('att-'),
                    kind: a.kind,
                    name: a.name,
                    size: a.size,
                    contentBase64: a.contentBase64,
                    uploadedAt: toIsoInstant(new Date()),
                  },
                ],
                t.attachmentAdded,
              )
            }
            onRemove={(id) =>
              changeAttachments(
                (fields.attachments ?? []).filter((a) => a.id !== id),
                t.attachmentRemoved,
              )
            }
            onBack={() => setStep('info')}
            onSubmit={() => void submit()}
          />
        </TabPanel>
      </Tabs>
    </div>
  );
}
