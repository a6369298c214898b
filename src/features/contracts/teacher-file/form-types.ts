import type { SubmissionFields } from '../../../domain/contracts/submission';

/** What every section of step 1 receives. */
export interface SectionProps {
  fields: SubmissionFields;
  set: (patch: SubmissionFields) => void;
  messages: Record<string, string>;
  isReadOnly: boolean;
}

export type TextFieldName = {
  [K in keyof SubmissionFields]-?: NonNullable<SubmissionFields[K]> extends string ? K : never;
}[keyof SubmissionFields];
