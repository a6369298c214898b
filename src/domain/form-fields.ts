/** Form field catalogue (spec part 1 point 3). Labels are French: they are shown and used in the journal. */
export type FormFieldType = 'text' | 'email' | 'tel' | 'number' | 'date' | 'select' | 'multi-select';

export interface FormFieldDefinition {
  key: string;
  label: string;
  type: FormFieldType;
  placeholder?: string;
  options?: readonly { value: string; label: string }[];
  source?: 'institutes' | 'levels';
}

export const FORM_FIELD_CATALOGUE: readonly FormFieldDefinition[] = [
  { key: 'firstName', label: 'Prénom', type: 'text', placeholder: 'Prénom' },
  { key: 'lastName', label: 'Nom', type: 'text', placeholder: 'Nom' },
  { key: 'email', label: 'Email', type: 'email', placeholder: 'nom@exemple.com' },
  { key: 'matricule', label: 'Matricule', type: 'text', placeholder: 'Matricule' },
  { key: 'phone', label: 'Téléphone', type: 'tel', placeholder: '+221 77 000 00 00' },
  { key: 'instituteIds', label: 'Instituts', type: 'multi-select', source: 'institutes' },
  {
    key: 'teacherType',
    label: "Type d'enseignant",
    type: 'select',
    options: [
      { value: 'interne', label: 'Interne' },
      { value: 'vacataire', label: 'Vacataire' },
    ],
  },
  { key: 'levelIds', label: 'Niveaux', type: 'multi-select', source: 'levels' },
];

export function formFieldLabel(key: string): string {
  return FORM_FIELD_CATALOGUE.find((f) => f.key === key)?.label ?? key;
}
