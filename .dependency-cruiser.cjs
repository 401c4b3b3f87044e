/**
 * Import-cycle check of server/ and web/ (`npm test` step "lint: import cycles"). A cycle makes
 * module start-up order decide whether a binding exists yet: `npm run index:reset` once crashed
 * with "Cannot access 'governanceReducers' before initialization" through one.
 * Type-only imports are erased at runtime and cannot cause that, so they do not count.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-import-cycle',
      severity: 'error',
      comment: 'An import cycle: module initialisation order decides which binding is undefined.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
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
