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
    reporters: ['default', './test/support/summary-reporter.ts'],
    coverage: { include: ['constructs/**', 'stacks/**', 'src/**'], exclude: ['.gen/**'] },
  },
});
