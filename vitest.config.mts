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
    // One module cache per worker: every file imports the same provider bindings, and loading them
    // again per file was 27 s of a 72 s run (43 s without). The library keeps no module-level state
    // across apps (claims and production marks are keyed by app and stack), so files cannot see
    // each other's constructs.
    isolate: false,
    reporters: ['default', './test/support/summary-reporter.ts'],
    coverage: { include: ['constructs/**', 'stacks/**', 'src/**'], exclude: ['.gen/**'] },
  },
});
