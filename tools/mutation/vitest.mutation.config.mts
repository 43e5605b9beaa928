import { mergeConfig } from 'vitest/config';
import base from '../../vitest.config.mts';

// The suites Stryker runs: all but the ones that read source files as text (instrumentation
// rewrites them): the README-verbatim check and the lint rules.
export default mergeConfig(base, {
  test: {
    exclude: ['test/src/readme-example.test.ts', 'test/repo/lint-rules.test.ts', 'node_modules/**'],
    reporters: ['default'],
    // Stryker measures per-test coverage; keep each file in its own module cache as before.
    isolate: true,
  },
});
