import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { appDb } from '../../db/database';
import {
  ORG_TIME_ZONE_DEFAULT,
  filterTimeZones,
  isIanaTimeZone,
  timeZoneChoice,
  timeZoneChoices,
} from '../../domain/settings/time-zone';
import { fr } from '../../i18n/fr';
import { frTimeZone as t } from '../../i18n/fr-timezone';
import { readOrgTimeZone, saveOrgTimeZone } from '../../services/settings/settings-service';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';

/** The runtime's IANA zones; an older browser without the list offers the default and UTC only. */
function supportedZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [ORG_TIME_ZONE_DEFAULT];
  } catch {
    return [ORG_TIME_ZONE_DEFAULT];
  }
}

/**
 * Issue 35: the organisation's time zone (settings record `org`, field `timeZone`), the hours of the
 * calendar feeds. Searchable list of the IANA zones with French labels; saved like the PIN validity, by
 * whoever holds settings.donnees; the server refuses a zone that is not a real one (store schema).
 */
export function TimeZoneSection() {
  const stored = useLiveQuery(() => readOrgTimeZone(appDb()), []);
  const [query, setQuery] = useState('');
  // null: the list shows the stored zone until the person picks another.
  const [picked, setPicked] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();
  const current = stored?.zone ?? ORG_TIME_ZONE_DEFAULT;
  const value = picked ?? current;
  // Offsets as of today (summer time included); computed once per stored zone.
  const choices = useMemo(() => timeZoneChoices(supportedZones(), current, new Date()), [current]);
  const matches = filterTimeZones(choices, query);
  // The chosen zone stays in the list whatever the search, so the field always shows it.
  const shown = matches.some((c) => c.id === value)
    ? matches
    : [choices.find((c) => c.id === value) ?? timeZoneChoice(value, new Date()), ...matches];
  const isValid = isIanaTimeZone(value);
  const save = async () => {
    if (!isValid) return;
    setIsBusy(true);
    try {
      await saveOrgTimeZone(appDb(), value);
      setPicked(null);
      toast.show(t.saved);
    } catch {
      toast.show(fr.settings.common.saveFailed, 'error');
    } finally {
      setIsBusy(false);
    }
  };
  const currentLabel = choices.find((c) => c.id === current)?.label ?? current;
  return (
    <section className="settings-card" aria-labelledby="settings-timezone-title">
      <h2 id="settings-timezone-title">{t.title}</h2>
      <p className="hint">{t.hint}</p>
      <p>{stored === undefined ? fr.app.loading : t.current(currentLabel)}</p>
      {stored?.needsRepair ? <p role="alert">{t.repair}</p> : null}
      <Form
        className="settings-inline-form settings-timezone-form"
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField
          label={t.search}
          placeholder={t.searchPlaceholder}
          value={query}
          onChange={setQuery}
          isDisabled={stored === undefined}
        />
        <SelectField
          label={t.label}
          value={value}
          onChange={setPicked}
          options={shown.map((c) => ({ value: c.id, label: c.label }))}
          isDisabled={stored === undefined}
          errorMessage={isValid ? null : t.invalid}
          hint={matches.length === 0 ? t.noMatch : t.count(matches.length, choices.length)}
        />
        <Button
          className="button primary"
          type="submit"
          isDisabled={
            isBusy || !isValid || stored === undefined || (value === current && !stored.needsRepair)
          }
        >
          {t.save}
        </Button>
      </Form>
    </section>
  );
}
