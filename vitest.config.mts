import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    // The README's consumer example imports the package by name.
    alias: { '@realtime-platform/azure-constructs': resolve(root, 'src/index.ts') },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // One module cache per worker, for speed only: every file imports the same provider bindings,
    // and loading them again per file costs a minute (issue 30, 2 shared cores: 175 s isolated,
    // `npx vitest run --isolate`, against 105 s; imports 60 s against 14 s). Not for correctness:
    // the library keeps no module-level state across apps (claims and production marks are keyed
    // by app and stack) and nothing registers itself when a module loads (services and rules are
    // explicit lists), so no suite needs a clean-up hook and every suite passes isolated too.
    isolate: false,
    reporters: ['default', './test/support/summary-reporter.ts'],
    coverage: { include: ['constructs/**', 'stacks/**', 'src/**'], exclude: ['.gen/**'] },
  },
});
