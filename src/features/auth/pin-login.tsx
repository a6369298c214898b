import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Button, Input, Label, SearchField } from 'react-aria-components';
import { appDb } from '../../db/database';
import { getMeta } from '../../db/meta';
import type { User } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';
import { listPinUsers, signInWithPin } from './auth-service';
import { PinPad } from './pin-pad';

type PinError = Awaited<ReturnType<typeof signInWithPin>>;

function messageOf(result: PinError): string | null {
  if (result.ok) return null;
  switch (result.code) {
    case 'pin-format':
      return fr.login.pinRequired;
    case 'cooldown':
      return fr.login.pinCooldown;
    case 'wrong-pin':
      return fr.login.pinWrong(result.remaining);
    case 'expired':
      return fr.login.pinExpired;
    case 'no-pin':
      return fr.login.pinMissing;
    case 'not-allowed':
      return fr.login.pinNotAllowed;
    case 'not-kiosk':
      return fr.login.pinNotKiosk;
    case 'rate-limited':
      return fr.login.rateLimited;
  }
}

/** Kiosk sign-in: the teacher taps their name, then types their PIN (spec part 1 point 4). */
export function PinLogin({ onSignedIn }: { onSignedIn: (destination: string) => void }) {
  const users = useLiveQuery(() => listPinUsers(appDb()), []);
  const kioskName = useLiveQuery(() => getMeta(appDb(), 'kioskName'), []);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<User | null>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async () => {
    if (!selected || isBusy) return;
    setIsBusy(true);
    const result = await signInWithPin(appDb(), { userId: selected.id, pin }, new Date());
    setIsBusy(false);
    setPin('');
    if (result.ok) onSignedIn(result.destination);
    else setError(messageOf(result));
  };

  if (selected) {
    return (
      <div className="pin-login">
        <p className="pin-for">{fr.login.pinFor(selected.name)}</p>
        <PinPad
          value={pin}
          onChange={(v) => (setPin(v), setError(null))}
          onSubmit={() => void submit()}
          isDisabled={isBusy}
        />
        {error ? (
          <p role="alert" className="form-error">
            {error}
          </p>
        ) : null}
        <Button className="link-button" onPress={() => (setSelected(null), setPin(''), setError(null))}>
          {fr.login.pinBack}
        </Button>
      </div>
    );
  }
  // PIN mode belongs to enrolled classroom tablets (issue 12): elsewhere there is no PIN to check against.
  if (kioskName === null) {
    return (
      <div className="pin-login">
        <p className="empty">{fr.login.pinNotKiosk}</p>
      </div>
    );
  }
  const normalized = query.trim().toLocaleLowerCase('fr');
  const shown = (users ?? []).filter((u) => u.name.toLocaleLowerCase('fr').includes(normalized));
  return (
    <div className="pin-login">
      <p className="hint">{fr.login.pinChooseUserHint}</p>
      <SearchField value={query} onChange={setQuery} className="field">
        <Label>{fr.login.pinSearch}</Label>
        <Input />
      </SearchField>
      {users && users.length === 0 ? <p className="empty">{fr.login.pinNoUsers}</p> : null}
      <ul className="pin-users" aria-label={fr.login.pinChooseUser}>
        {shown.map((u) => (
          <li key={u.id}>
            <Button className="pin-user" onPress={() => setSelected(u)}>
              {u.name}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
