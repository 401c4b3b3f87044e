import { useState } from 'react';

/**
 * An amount input's text with a Max that fills a readable value (issue 24 §1): the input shows the
 * rounded text, the form sends the exact value as long as the text is the one Max put in. Any edit
 * makes the typed text the amount again.
 */
export function useAmountField() {
  const [text, setText] = useState('');
  const [max, setMax] = useState<{ shown: string; exact: string } | null>(null);
  const isMax = max !== null && text === max.shown;
  return {
    /** What the input shows. */
    text,
    setText,
    /** Fills `shown` (readable) while the form keeps `exact` (plain decimal text). */
    fillMax(shown: string, exact: string) {
      setMax({ shown, exact });
      setText(shown);
    },
    /** The amount the form uses: the exact Max value while the input still shows it. */
    exactText: isMax ? max.exact : text,
    isMax,
  };
}
