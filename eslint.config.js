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
const addressMessage =
  'Show addresses with <Address> (web/src/shared/ui/Address.tsx): 4...4, copy, explorer, full on tap (issue 24 §1).';
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
      { group: ['**/format'], importNames: ['shortAddress'], message: addressMessage },
    ],
  },
];
/**
 * Issue 24 §1: an address reaches the page through <Address> only. A value named like an address
 * (`address`, `owner`, `treasury`, `userAddress`, `deployment.staking`...) written straight into
 * JSX, or given as a summary row's `value`, is refused: summary rows take `address:` instead.
 */
const addressNames =
  '/^(address|owner|pendingOwner|treasury|upline|user|spender|staking|usdc|pair|router|rewardToken|lens)$|Address$/';
const addressSyntax = [
  {
    selector: `:matches(JSXElement, JSXFragment) > JSXExpressionContainer > Identifier[name=${addressNames}]`,
    message: addressMessage,
  },
  {
    selector: `:matches(JSXElement, JSXFragment) > JSXExpressionContainer > MemberExpression[property.name=${addressNames}]`,
    message: addressMessage,
  },
  {
    selector: `Property[key.name='value'] > Identifier[name=${addressNames}]`,
    message: addressMessage,
  },
  {
    selector: `Property[key.name='value'] > MemberExpression[property.name=${addressNames}]`,
    message: addressMessage,
  },
];
const addressComponent = ['web/src/shared/ui/Address.tsx'];
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
    ignores: ['web/src/**/*.test.ts', ...amountFormatters, ...contractLayer, ...addressComponent],
    rules: {
      'no-restricted-imports': amountImports,
      'no-restricted-syntax': ['error', ...amountSyntax, ...addressSyntax, abiProperty],
    },
  },
  {
    files: addressComponent,
    rules: {
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
