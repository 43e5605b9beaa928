import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The README's consumer example imports the package by name.
    alias: { '@realtime-platform/azure-constructs': resolve(__dirname, 'src/index.ts') },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    reporters: ['default', './test/support/summary-reporter.ts'],
    coverage: { include: ['constructs/**', 'stacks/**', 'src/**'], exclude: ['.gen/**'] },
  },
});
