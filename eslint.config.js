import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The files that format amounts (issue 19 §1) and the one layer that names ABIs (issue 19 §4). */
const amountFormatters = [
  'web/src/shared/displayAmount.ts',
  'web/src/shared/tokens.ts',
  'web/src/shared/ui/Amount.tsx',
];
const contractLayer = ['web/src/shared/contracts/**'];
const amountMessage = 'Show amounts with <Amount> or useTokenFormat() (issue 19 §1).';
const countMessage = 'Show amounts with <Amount> or useTokenFormat(); counts with displayCount.';
const amountImports = [
  'error',
  {
    paths: [
      {
        name: 'viem',
        importNames: ['formatUnits', 'formatEther', 'formatGwei'],
        message: amountMessage,
      },
    ],
    patterns: [
      {
        group: ['**/displayAmount'],
        importNames: ['displayAmount', 'fullAmount'],
        message: amountMessage,
      },
    ],
  },
];
const amountSyntax = [
  {
    selector: 'CallExpression[callee.property.name=/^(toFixed|toPrecision|toLocaleString)$/]',
    message: countMessage,
  },
  {
    selector: "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
    message: countMessage,
  },
];
const abiProperty = {
  selector: "Property[key.name='abi']",
  message:
    'Call contracts by name: contractCall(deployment, { contract, functionName, args }) from web/src/shared/contracts (issue 19 §4).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-standalone/**',
      '**/out/**',
      '**/cache/**',
      '**/.data/**',
      '**/artifacts/**',
      'contracts/generated/**',
      'contracts/lib/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'e2e/wallet/**/*.{ts,js}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Issue 19 §1: one rule for amounts. A page shows an amount with <Amount> (web/src/shared/ui/
  // Amount.tsx) or, inside a sentence, useTokenFormat().withSymbol (web/src/shared/tokens.ts); both
  // use web/src/shared/displayAmount.ts. Formatting a number anywhere else fails here.
  // Issue 19 §4: contracts are called by name (web/src/shared/contracts/): an `abi:` property
  // anywhere else fails here, so no page spells an ABI or picks an address by hand.
  // (One `no-restricted-syntax` entry per file: a later entry would replace an earlier one.)
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.ts', ...amountFormatters, ...contractLayer],
    rules: {
      'no-restricted-imports': amountImports,
      'no-restricted-syntax': ['error', ...amountSyntax, abiProperty],
    },
  },
  {
    files: amountFormatters,
    rules: { 'no-restricted-syntax': ['error', abiProperty] },
  },
  {
    files: contractLayer,
    ignores: ['web/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': amountImports,
      'no-restricted-syntax': ['error', ...amountSyntax],
    },
  },
);
