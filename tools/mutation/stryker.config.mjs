// `npm run test:mutation`: Stryker over constructs/, with the project's vitest suites.
// Incremental: results are kept in reports/mutation/incremental.json, so a second run only
// re-tests mutants in changed code or covered by changed tests. Not part of CI (it takes long).
// Run it on a part with `npm run test:mutation -- --mutate 'constructs/policy/**/*.ts'`.
export const GENERATED = ['constructs/core/sensitive-attributes.ts', 'constructs/core/azure-region-names.ts'];

export default {
  $schema: './node_modules/@stryker-mutator/core/schema/stryker-schema.json',
  packageManager: 'npm',
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './tools/mutation/message-ignorer.mjs', './tools/mutation/sample-ignorer.mjs'],
  // Message wording (problem/fix/description text) is not mutated; see message-ignorer.mjs.
  // A sampled run (tools/mutation/sample.mjs) tests only the drawn mutants; see sample-ignorer.mjs.
  ignorers: ['message-text', ...(process.env.MUTATION_SAMPLE ? ['sample-only'] : [])],
  vitest: { configFile: 'tools/mutation/vitest.mutation.config.mts' },
  // The generated tables are data, and their tests compare them as text with what their
  // generator writes (an instrumented copy fails that check in the dry run).
  mutate: ['constructs/**/*.ts', ...GENERATED.map((file) => `!${file}`)],
  coverageAnalysis: 'perTest',
  // vitest strips types without checking them, so the sandbox needs no `// @ts-nocheck` (which
  // Stryker would add atop every file, the generated tables too, failing their text check).
  disableTypeChecks: false,
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
