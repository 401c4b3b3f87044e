import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface AmountInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Token decimals: the input never accepts more fraction digits than this. */
  decimals: number;
  placeholder?: string;
  disabled?: boolean;
  /** Optional Max button: fills in the most the user can use. */
  onMax?: () => void;
  suffix?: ReactNode;
  /** The balance the amount comes from (an <Amount>), shown beside the label (issue 19 §2). */
  balance?: ReactNode;
  /** The page's one big input (Serve, Exchange): larger digits. */
  big?: boolean;
}

/** True when `text` is a plain non-negative decimal with at most `decimals` fraction digits. */
export function isAmountText(text: string, decimals: number): boolean {
  if (text === '') return true;
  const pattern = decimals > 0 ? new RegExp(`^\\d*(\\.\\d{0,${decimals}})?$`) : /^\d*$/;
  return pattern.test(text);
}

export function AmountInput(props: AmountInputProps) {
  const id = useId();
  const { t } = useTranslation();
  const { label, value, onChange, decimals, placeholder, disabled, onMax, suffix, balance, big } =
    props;
  return (
    <div className={big ? 'field field--big' : 'field'}>
      <div className="field__head">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {balance !== undefined ? (
          <span className="field__balance muted small">
            {t('common.balance')} {balance}
          </span>
        ) : null}
      </div>
      <div className="field__control">
        <input
          id={id}
          className="field__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(event) => {
            const next = event.target.value.replace(/,/g, '.').trim();
            if (isAmountText(next, decimals)) onChange(next);
          }}
        />
        {suffix ? <span className="field__suffix">{suffix}</span> : null}
        {onMax ? (
          <button
            type="button"
            className="button button--small"
            onClick={onMax}
            disabled={disabled}
          >
            {t('common.max')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
