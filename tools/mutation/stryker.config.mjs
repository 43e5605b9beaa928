// `npm run test:mutation`: Stryker over constructs/, with the project's vitest suites.
// Incremental: results are kept in reports/mutation/incremental.json, so a second run only
// re-tests mutants in changed code or covered by changed tests. Not part of CI (it takes long).
// Run it on a part with `npm run test:mutation -- --mutate 'constructs/policy/**/*.ts'`.
export default {
  $schema: './node_modules/@stryker-mutator/core/schema/stryker-schema.json',
  packageManager: 'npm',
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './tools/mutation/message-ignorer.mjs'],
  // Message wording (problem/fix/description text) is not mutated; see message-ignorer.mjs.
  ignorers: ['message-text'],
  vitest: { configFile: 'tools/mutation/vitest.mutation.config.mts' },
  mutate: ['constructs/**/*.ts'],
  coverageAnalysis: 'perTest',
  // Constants evaluated at load time (rule lists, SKU lists) are covered by every test; skip them.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  concurrency: 2,
  timeoutMS: 30000,
  thresholds: { high: 95, low: 90, break: null },
  tempDirName: '.stryker-tmp',
};
