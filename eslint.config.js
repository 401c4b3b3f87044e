import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/**/*.test.ts',
      'web/src/shared/displayAmount.ts',
      'web/src/shared/tokens.ts',
      'web/src/shared/ui/Amount.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'viem',
              importNames: ['formatUnits', 'formatEther', 'formatGwei'],
              message: 'Show amounts with <Amount> or useTokenFormat() (issue 19 §1).',
            },
          ],
          patterns: [
            {
              group: ['**/displayAmount'],
              importNames: ['displayAmount', 'fullAmount'],
              message: 'Show amounts with <Amount> or useTokenFormat() (issue 19 §1).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(toFixed|toPrecision|toLocaleString)$/]',
          message: 'Show amounts with <Amount> or useTokenFormat(); counts with displayCount.',
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
          message: 'Show amounts with <Amount> or useTokenFormat(); counts with displayCount.',
        },
      ],
    },
  },
);
