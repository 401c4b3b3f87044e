import { useState } from 'react';
import { parseAmountText } from './amount';
import { toReadableInput, type AmountToken } from './displayAmount';

/**
 * What Max chose (issue 24 §1): the text it put in the field, the most the user can use rounded
 * down to the digits people read (`toReadableInput`), and that most to the last unit.
 */
export interface MaxChoice {
  text: string;
  value: bigint;
}

export function maxChoice(value: bigint, decimals: number, token: AmountToken): MaxChoice {
  return { text: toReadableInput(value, decimals, token), value };
}

/**
 * The amount a field stands for: Max's exact value while the field still reads the text Max put
 * there (so Max on 1,000.123456 USDC sends all of it, not the shown 1,000.12), otherwise the text
 * as typed. Any edit ends Max's choice, even typing its text back (the user chose those digits).
 */
export function fieldAmount(
  text: string,
  decimals: number,
  max: MaxChoice | undefined,
): bigint | undefined {
  if (readsMax(text, max)) return max.value;
  return parseAmountText(text, decimals);
}

/** Whether the field still reads the text Max put there. */
function readsMax(text: string, max: MaxChoice | undefined): max is MaxChoice {
  return max !== undefined && max.text === text;
}

/** An amount field's state with Max: the text shown and the amount it stands for. */
export function useAmountField(decimals: number, token: AmountToken) {
  const [text, setText] = useState('');
  const [max, setMax] = useState<MaxChoice | undefined>(undefined);
  return {
    text,
    /** Typing ends what Max chose. */
    setText: (next: string) => {
      setMax(undefined);
      setText(next);
    },
    /**
     * After a transaction: empties the field if it still reads `sent`, the text that was sent. A
     * transaction can end after the user has typed the next amount (the receipt and the figures
     * show first); that amount is theirs and stays.
     */
    clearIfUnchanged: (sent: string) => setText((current) => (current === sent ? '' : current)),
    fillMax: (value: bigint) => {
      const choice = maxChoice(value, decimals, token);
      setMax(choice);
      setText(choice.text);
    },
    amount: fieldAmount(text, decimals, max),
    /** Whether the field still reads what Max put there (its amount is then Max's, exact). */
    fromMax: readsMax(text, max),
  };
}
