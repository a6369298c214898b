import { Button } from 'react-aria-components';
import { PIN_MAX_LENGTH } from '../../domain/secrets';
import { fr } from '../../i18n/fr';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  isDisabled: boolean;
}

/** Large touch targets for a shared classroom tablet; the physical keyboard works too. */
export function PinPad({ value, onChange, onSubmit, isDisabled }: Props) {
  const press = (digit: string) => {
    if (value.length < PIN_MAX_LENGTH) onChange(value + digit);
  };
  return (
    <div
      className="pin-pad"
      onKeyDown={(e) => {
        if (/^\d$/.test(e.key)) press(e.key);
        else if (e.key === 'Backspace') onChange(value.slice(0, -1));
        else if (e.key === 'Enter') onSubmit();
      }}
    >
      <div className="pin-dots" aria-hidden="true">
        {Array.from({ length: PIN_MAX_LENGTH }, (_, i) => (
          <span key={i} className={i < value.length ? 'dot filled' : 'dot'} />
        ))}
      </div>
      <div className="pin-keys">
        {KEYS.map((d) => (
          <Button
            key={d}
            className="pin-key"
            aria-label={fr.login.pinDigit(d)}
            onPress={() => press(d)}
            isDisabled={isDisabled}
          >
            {d}
          </Button>
        ))}
        <Button
          className="pin-key secondary"
          onPress={() => onChange(value.slice(0, -1))}
          isDisabled={isDisabled}
        >
          {fr.login.pinErase}
        </Button>
        <Button
          className="pin-key"
          aria-label={fr.login.pinDigit('0')}
          onPress={() => press('0')}
          isDisabled={isDisabled}
        >
          0
        </Button>
        <Button className="pin-key primary" onPress={onSubmit} isDisabled={isDisabled}>
          {fr.login.pinSubmit}
        </Button>
      </div>
    </div>
  );
}
