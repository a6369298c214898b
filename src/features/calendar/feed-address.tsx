import { frCalendar } from '../../i18n/fr-calendar';
import { SecretReveal } from '../../ui/secret-reveal';
import { useToast } from '../../ui/toast';
import type { RevealedFeed } from './use-calendar-feeds';

const t = frCalendar.dialog;

/** A new address, shown once: copy it, or open it in the device's calendar application (webcal://). */
export function FeedAddress({ feed }: { feed: RevealedFeed }) {
  const toast = useToast();
  return (
    <div className="calendar-feed-address">
      <p>{t.shownOnce}</p>
      <SecretReveal
        value={feed.url}
        label={t.addressLabel}
        copyLabel={t.copy}
        onCopied={() => toast.show(t.copied)}
      />
      <p>
        <a className="button secondary" href={feed.webcal}>
          {t.webcal}
        </a>
      </p>
    </div>
  );
}
