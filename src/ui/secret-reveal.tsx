import { Button } from 'react-aria-components';

interface Props {
  value: string;
  label: string;
  copyLabel: string;
  onCopied: () => void;
}

/** A secret shown once (temporary password, PIN), with a copy button. */
export function SecretReveal({ value, label, copyLabel, onCopied }: Props) {
  return (
    <div className="secret-reveal">
      <output aria-label={label} className="secret-value">
        {value}
      </output>
      <Button
        className="button secondary"
        onPress={() => {
          void navigator.clipboard?.writeText(value).then(onCopied, onCopied);
        }}
      >
        {copyLabel}
      </Button>
    </div>
  );
}
