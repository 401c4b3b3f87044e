/**
 * Import rules of server/ and web/ (`npm test` step "lint: import cycles").
 * - No cycles. A cycle makes module start-up order decide whether a binding exists yet:
 *   `npm run index:reset` once crashed with "Cannot access 'governanceReducers' before
 *   initialization" through one. Type-only imports count too: they cannot cause that crash, but a
 *   loop of types still ties two modules so that neither can be read or moved alone (issue 27 §2:
 *   the indexer's shared reduce.ts imported three features' types while each imported it).
 * - web/: a feature uses another feature only through that feature's `index.ts` (its public face;
 *   the wallet has a second one, `connected.ts`, see there),
 *   so a feature's other files can change without looking outside its folder; and shared/ never
 *   imports a feature or the app shell (shared code is what features build on, not the reverse).
 *   Type-only imports count here: they couple the code just the same.
 * - server/src/chain-data/: the same rules for the server's chain data by feature (issue 27 §2):
 *   a feature (its tables, reducer, reads and pages) is used from outside its folder only through
 *   its `index.ts`, and shared/ (what every feature builds on: table declarations, reducer and
 *   write types, list reads, page helpers) imports no feature.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-import-cycle',
      severity: 'error',
      comment: 'An import cycle: module initialisation order decides which binding is undefined.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-feature-internals',
      severity: 'error',
      comment:
        "A feature imports another feature's internal file: import from that feature's index.ts " +
        '(add the export there if it is meant to be shared, or move the code to web/src/shared/).',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/',
        pathNot: [
          '^web/src/features/$1/',
          '^web/src/features/[^/]+/index\\.tsx?$',
          // The wallet's second public file: what needs the wallet runtime, kept out of index.ts
          // so that the first visit's Home can import the light part alone (code splitting).
          '^web/src/features/wallet/connected\\.ts$',
        ],
      },
    },
    {
      name: 'no-shared-to-features',
      severity: 'error',
      comment:
        'web/src/shared/ imports a feature or the app shell: shared code must not depend on them ' +
        '(move what both need into shared/, or pass it in).',
      from: { path: '^web/src/shared/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'no-chain-data-internals',
      severity: 'error',
      comment:
        "Code outside a chain-data feature imports that feature's internal file: import from the " +
        "feature's index.ts (add the export there if it is meant to be shared, or move the code " +
        'to server/src/chain-data/shared/).',
      from: { path: '^server/src/', pathNot: '^server/src/chain-data/[^/]+/' },
      to: {
        path: '^server/src/chain-data/[^/]+/',
        pathNot: ['^server/src/chain-data/[^/]+/index\\.ts$', '^server/src/chain-data/shared/'],
      },
    },
    {
      name: 'no-chain-data-feature-internals',
      severity: 'error',
      comment:
        "A chain-data feature imports another feature's internal file, or the list of all tables " +
        "(chain-data/tables.ts): import from the other feature's index.ts.",
      from: { path: '^server/src/chain-data/([^/]+)/' },
      to: {
        path: '^server/src/chain-data/',
        pathNot: [
          '^server/src/chain-data/$1/',
          '^server/src/chain-data/[^/]+/index\\.ts$',
          '^server/src/chain-data/shared/',
        ],
      },
    },
    {
      name: 'no-chain-data-shared-to-features',
      severity: 'error',
      comment:
        'server/src/chain-data/shared/ imports a feature: shared code must not depend on one ' +
        '(move what both need into shared/, or pass it in).',
      from: { path: '^server/src/chain-data/shared/' },
      to: { path: '^server/src/chain-data/', pathNot: '^server/src/chain-data/shared/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'node', 'default'],
    },
  },
};
