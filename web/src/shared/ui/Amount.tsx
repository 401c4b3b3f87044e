import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../clipboard';
import { useTokenFormat, type AmountKind } from '../tokens';
import { toast } from './toast';
import './amount.css';

/**
 * The one way a page shows an amount with its unit (issue 19 §1): the rounded text of
 * `displayAmount.ts` ("0.0075 WETH", "22.50 USDC"), one left-to-right unit in every language
 * (`<bdi dir="ltr">`: in Arabic "USDC 100" would otherwise appear). Tapping it shows the exact value
 * (every decimal) and copies it; tapping again rounds it again. `plain` is for an amount inside
 * another control (a button's or a label's text), where a second button is not allowed: the exact
 * value is then its title.
 */
export function Amount({
  value,
  token,
  testId,
  plain = false,
  hideUnit = false,
}: {
  /** Base units (bigint or the server's decimal string). */
  value: bigint | string;
  token: AmountKind;
  testId?: string;
  plain?: boolean;
  hideUnit?: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useTokenFormat();
  const [exact, setExact] = useState(false);
  const rounded = fmt.amount(value, token);
  const full = fmt.full(value, token);
  const unit = hideUnit ? null : <span className="amount__unit"> {fmt.symbol(token)}</span>;
  if (plain || full === rounded) {
    return (
      <bdi dir="ltr" className="amount" data-testid={testId} title={plain ? full : undefined}>
        <span className="amount__value">{rounded}</span>
        {unit}
      </bdi>
    );
  }
  const toggle = () => {
    if (!exact) {
      const plainDigits = full.replace(/[^\d.,-]/g, '');
      void copyText(plainDigits).then((ok) => {
        if (ok) toast(t('amount.copied'));
      });
    }
    setExact(!exact);
  };
  return (
    <bdi dir="ltr" className="amount" data-testid={testId}>
      <button
        type="button"
        className="amount__value amount__tap"
        aria-pressed={exact}
        title={t('amount.showExact')}
        onClick={toggle}
      >
        {exact ? full : rounded}
      </button>
      {unit}
    </bdi>
  );
}
