import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Button, Input, Label, SearchField } from 'react-aria-components';
import { appDb } from '../../db/database';
import { getKioskListsAdmins } from '../../db/kiosk-options';
import { getMeta } from '../../db/meta';
import { kioskPinState } from '../../domain/auth/kiosk-pin-state';
import { PIN_COOLDOWN_MIN } from '../../domain/auth/pin';
import { cooldownSecondsLeft, formatCountdown } from '../../domain/auth/pin-countdown';
import { isKioskTeacher } from '../../domain/auth/kiosk-roster';
import { PIN_MAX_LENGTH } from '../../domain/secrets';
import type { User } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';
import { frFirstMonth } from '../../i18n/fr-first-month';
import { frFirstMonthUx } from '../../i18n/fr-first-month-ux';
import { listPinUsers, signInWithPin } from './auth-service';
import { PinPad } from './pin-pad';
import './pin.css';

type PinError = Awaited<ReturnType<typeof signInWithPin>>;

/** Past this many names, a row of initials jumps to the names starting with one. */
const LETTER_JUMP_MIN_NAMES = 16;

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
    case 'not-in-roster':
      return fr.securityUsers.kioskRosterRefused;
    case 'not-kiosk':
      return fr.login.pinNotKiosk;
    case 'rate-limited':
      return fr.login.rateLimited;
  }
}

const initialOf = (name: string) =>
  name
    .trim()
    .charAt(0)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleUpperCase('fr');

/** The kiosk's roster: teachers only, unless this kiosk was set to list administrators too. */
async function loadRoster(): Promise<User[]> {
  const db = appDb();
  const [users, profiles, includesAdminProfiles] = await Promise.all([
    listPinUsers(db),
    db.profiles.toArray(),
    getKioskListsAdmins(db),
  ]);
  return users.filter((u) => isKioskTeacher(profiles, u, { includesAdminProfiles }));
}

/**
 * Seconds left of a teacher's lockout on this tablet, ticking each second (issue 33 point 7); 0 when none. The
 * tablet keeps its own copy of the lock (pinCooldownUntil, also started by the server's "cooldown").
 */
function useCooldownLeft(userId: string | null): number {
  const until = useLiveQuery(
    async () => (userId ? ((await appDb().users.get(userId))?.pinCooldownUntil ?? null) : null),
    [userId],
  );
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!until) return undefined;
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  // `now` may be older than the lock just started (read before it): never more than the lock's length.
  const left = Math.min(cooldownSecondsLeft(until, now), PIN_COOLDOWN_MIN * 60);
  return left;
}

/**
 * Kiosk sign-in (spec part 1 point 4): the teacher taps their name in a full-height grid, then types their
 * PIN; the sixth digit submits by itself (Valider for a 4- or 5-digit PIN).
 */
export function PinLogin({ onSignedIn }: { onSignedIn: (destination: string) => void }) {
  const users = useLiveQuery(loadRoster, []);
  const kioskName = useLiveQuery(() => getMeta(appDb(), 'kioskName'), []);
  // Before the tablet's first exchange with the server, an empty roster means "not loaded yet".
  const hasSynced = useLiveQuery(async () => (await getMeta(appDb(), 'lastSyncAt')) !== null, []);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<User | null>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const cooldownLeft = useCooldownLeft(selected?.id ?? null);

  const submit = async (value: string) => {
    if (!selected || isBusy) return;
    setIsBusy(true);
    const result = await signInWithPin(appDb(), { userId: selected.id, pin: value }, new Date());
    setIsBusy(false);
    setPin('');
    if (result.ok) onSignedIn(result.destination);
    else setError(messageOf(result));
  };
  const type = (value: string) => {
    setPin(value);
    setError(null);
    if (value.length === PIN_MAX_LENGTH) void submit(value);
  };

  if (selected) {
    const isCooldownError = error === fr.login.pinCooldown;
    return (
      <div className="pin-login is-kiosk pin-step">
        <p className="pin-for">{fr.login.pinFor(selected.name)}</p>
        <PinPad
          value={pin}
          onChange={type}
          onSubmit={() => void submit(pin)}
          isDisabled={isBusy || cooldownLeft > 0}
        />
        {cooldownLeft > 0 ? (
          <p role="timer" className="form-error pin-cooldown">
            {frFirstMonthUx.kiosk.cooldown(formatCountdown(cooldownLeft))}
          </p>
        ) : null}
        {error ? (
          // While the countdown shows, the lockout is announced once, and read on screen as the countdown.
          <p role="alert" className={isCooldownError && cooldownLeft > 0 ? 'visually-hidden' : 'form-error'}>
            {isCooldownError && cooldownLeft === 0 ? frFirstMonthUx.kiosk.cooldownOver : error}
          </p>
        ) : null}
        <Button
          className="link-button pin-back"
          onPress={() => (setSelected(null), setPin(''), setError(null))}
        >
          {fr.login.pinBack}
        </Button>
      </div>
    );
  }
  // PIN mode belongs to enrolled classroom tablets: elsewhere there is no PIN to check against.
  if (kioskName === null) {
    return (
      <div className="pin-login">
        <p className="empty">{fr.login.pinNotKiosk}</p>
      </div>
    );
  }
  const normalized = query.trim().toLocaleLowerCase('fr');
  // Issue 33: after an Arrivée the kiosk comes back here while the roster is read again: say so, never an
  // empty grid.
  if (users === undefined || (users.length === 0 && hasSynced !== true))
    return (
      <div className="pin-login is-kiosk">
        <p className="pin-loading" role="status">
          {frFirstMonthUx.kiosk.loadingNames}
        </p>
      </div>
    );
  const shown = users.filter((u) => u.name.toLocaleLowerCase('fr').includes(normalized));
  const firstOfLetter = new Map<string, string>();
  for (const u of shown)
    if (!firstOfLetter.has(initialOf(u.name))) firstOfLetter.set(initialOf(u.name), u.id);
  const showLetters = shown.length >= LETTER_JUMP_MIN_NAMES && firstOfLetter.size > 1;
  const jump = (userId: string) => {
    const target = document.getElementById(`pin-user-${userId}`);
    target?.scrollIntoView({ block: 'start' });
    target?.querySelector('button')?.focus({ preventScroll: true });
  };
  return (
    <div className="pin-login is-kiosk">
      <p className="hint">{fr.login.pinChooseUserHint}</p>
      <SearchField value={query} onChange={setQuery} className="field pin-search">
        <Label>{fr.login.pinSearch}</Label>
        <Input />
      </SearchField>
      {users.length === 0 ? <p className="empty">{fr.login.pinNoUsers}</p> : null}
      {showLetters ? (
        <nav className="pin-letters" aria-label={fr.teacher.kiosk.letters}>
          {[...firstOfLetter].map(([letter, userId]) => (
            <Button
              key={letter}
              className="pin-letter"
              aria-label={fr.teacher.kiosk.letter(letter)}
              onPress={() => jump(userId)}
            >
              {letter}
            </Button>
          ))}
        </nav>
      ) : null}
      <ul className="pin-users" aria-label={fr.login.pinChooseUser}>
        {shown.map((u) => {
          // Issue 33: without a PIN, greyed with the reason, not an error after six digits.
          const hasPin = kioskPinState(u) === 'ready';
          return (
            <li key={u.id} id={`pin-user-${u.id}`}>
              <Button
                className={hasPin ? 'pin-user' : 'pin-user is-without-pin'}
                isDisabled={!hasPin}
                onPress={() => setSelected(u)}
              >
                <span className="pin-user-name">{u.name}</span>
                {hasPin ? null : <span className="pin-user-reason">{frFirstMonth.kiosk.noPin}</span>}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
