import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format';

/**
 * A date and time (unix seconds) in the UI language, as a `<time>` element carrying the exact
 * instant: assistive technology and the browser can read it, and the screenshot tests know it is a
 * moment (e2e/baselines.ts paints moments over, since they come from the chain's or device's clock).
 */
export function DateTime({ unixSeconds }: { unixSeconds: number | bigint }) {
  const { i18n } = useTranslation();
  const ms = Number(unixSeconds) * 1000;
  return (
    <time dateTime={Number.isFinite(ms) ? new Date(ms).toISOString() : undefined}>
      {formatDateTime(unixSeconds, i18n.language)}
    </time>
  );
}
