/**
 * The rules every translation must meet (used by check-locales.mjs and its test):
 * - the same keys as en, no empty text, the same {{placeholders}};
 * - no text left in English: a value identical to en's fails, unless en's text is only names,
 *   units and symbols (ALLOWED_WORDS, digits, placeholders, '≈', '→') or the word really is the
 *   same in that language (SAME_WORD);
 * - in a locale written in another script, no ASCII word of 3+ letters other than the names in
 *   ALLOWED_WORDS (an English word there is English left in place).
 */

/** Locales whose script is not Latin: an ASCII word in them is English left in place. */
export const NON_LATIN_LOCALES = ['zh-TW', 'ja', 'ru', 'ko', 'ar', 'th'];

/**
 * Words (ASCII, 3+ letters) that stay as they are in every language, each with its reason.
 * Compared case-sensitively as whole words.
 */
export const ALLOWED_WORDS = {
  'Honest Stake': 'the product name',
  USDC: 'token symbol',
  WETH: 'token symbol',
  WBNB: 'token symbol',
  ETH: 'network and coin symbol',
  BSC: 'network name',
  BNB: 'coin symbol',
  DEX: 'the decentralised-exchange pool the price comes from (a term the UI names, like a ticker)',
  UTC: 'the time standard, written the same in every language',
  MetaMask: 'wallet name',
  TokenPocket: 'wallet name',
  'Trust Wallet': 'wallet name',
  'OKX Wallet': 'wallet name',
  OKX: 'wallet name',
  Wallacy: 'wallet name',
  WalletConnect: 'the protocol and service a phone wallet connects through, a name like MetaMask',
  Etherscan: 'block explorer name',
  BscScan: 'block explorer name',
  Safe: 'the multisig wallet product (safe.global) the owner can be, a name like MetaMask',
  RPC: 'the node protocol (JSON-RPC) wallets and node settings name in every language',
  URL: 'a web address; wallets and browsers write it so in every language',
};

/**
 * Words that are the same in a given language as in English (not English left in place), each
 * with its reason. Keyed by locale, then the exact value.
 */
export const SAME_WORD = {
  es: {
    no: 'Spanish "no" is the same word',
    Total: 'Spanish "total" is the same word',
  },
  fr: {
    Total: 'French "total" is the same word',
    Notifications: 'French "notifications" is the same word',
    Transaction: 'French "transaction" is the same word',
    Max: 'French "max" (maximum) is the same abbreviation',
  },
};

/** Flattens nested objects into dotted keys. */
export function flatten(obj, prefix = '') {
  return Object.entries(obj).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? flatten(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]],
  );
}

const placeholderPattern = /\{\{\s*\w+\s*\}\}/g;
const placeholders = (text) => (text.match(placeholderPattern) ?? []).sort().join(',');

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Longest first, so 'Trust Wallet' goes before a shorter name inside it.
const allowedWordPattern = new RegExp(
  `(?<![A-Za-z])(${Object.keys(ALLOWED_WORDS)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')})(?![A-Za-z])`,
  'g',
);

/** The text without placeholders and allowlisted words: what is left to be translated. */
function translatable(text) {
  return text.replace(placeholderPattern, ' ').replace(allowedWordPattern, ' ');
}

/** ASCII words of 3+ letters left in `text` once placeholders and allowlisted names are out. */
export function englishWords(text) {
  return translatable(text).match(/[A-Za-z]{3,}/g) ?? [];
}

/** True when the text has no letters to translate (only symbols, digits, placeholders, names). */
function nothingToTranslate(text) {
  return !/\p{L}/u.test(translatable(text));
}

/**
 * Checks the locales against en. `locales` maps a locale code to its (nested) texts; `en` is en's.
 * Returns one line per problem (empty when all is well).
 */
export function checkLocales(en, locales) {
  const enFlat = new Map(flatten(en));
  const problems = [];
  for (const [locale, texts] of Object.entries(locales)) {
    const flat = new Map(flatten(texts));
    const nonLatin = NON_LATIN_LOCALES.includes(locale);
    for (const [key, enText] of enFlat) {
      const value = flat.get(key);
      if (typeof value !== 'string' || value.trim() === '') {
        problems.push(`${locale}: missing ${key}`);
        continue;
      }
      if (placeholders(value) !== placeholders(enText)) {
        problems.push(`${locale}: placeholders of ${key} differ from en`);
        continue;
      }
      if (
        value === enText &&
        !(SAME_WORD[locale] && value in SAME_WORD[locale]) &&
        !nothingToTranslate(enText)
      ) {
        problems.push(`${locale}: ${key} is still the English text ${JSON.stringify(value)}`);
        continue;
      }
      if (nonLatin) {
        const words = englishWords(value);
        if (words.length)
          problems.push(
            `${locale}: ${key} has English words left in place (${words.join(', ')}): ${JSON.stringify(value)}`,
          );
      }
    }
    for (const key of flat.keys())
      if (!enFlat.has(key)) problems.push(`${locale}: unknown key ${key}`);
  }
  return problems;
}
