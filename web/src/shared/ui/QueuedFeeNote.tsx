import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { changeState, type QueuedChange } from '../chain/timelock';
import { bpsToPercent, formatDateTime } from '../format';
import './data.css';

/**
 * A fee change waiting in the timelock, in words, where the fee matters (Exchange, a membership
 * purchase's summary): "changes to 1% from <date>" while queued, "can change to 1% now" while
 * executable. An expired change can never apply: undefined (Transparency lists it as expired).
 */
export function queuedFeeText(
  t: TFunction,
  language: string,
  change: QueuedChange | undefined,
  now: number,
): string | undefined {
  if (!change) return undefined;
  const state = changeState(change.eta, change.graceSeconds, now);
  const rate = bpsToPercent(Number(change.value));
  if (state === 'queued')
    return t('exchange.fee.queued', { rate, date: formatDateTime(change.eta, language) });
  if (state === 'executable')
    return t('exchange.fee.executable', {
      rate,
      date: formatDateTime(change.eta + change.graceSeconds, language),
    });
  return undefined;
}

export function QueuedFeeNote({ change, now }: { change: QueuedChange | undefined; now: number }) {
  const { t, i18n } = useTranslation();
  const text = queuedFeeText(t, i18n.language, change, now);
  return text ? (
    <p className="queued-note" data-testid="fee-queued">
      {text}
    </p>
  ) : null;
}
