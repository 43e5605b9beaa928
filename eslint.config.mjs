// Lint: TypeScript rules plus the project's two structural rules:
// - import @cdktf/provider-azurerm per resource module, never the package root (the root loads
//   every resource type: seconds and hundreds of MB per synth);
// - dependencies point one way: src -> stacks -> constructs -> provider bindings.
import tseslint from 'typescript-eslint';

const rootImport = {
  name: '@cdktf/provider-azurerm',
  message: "Import the resource module instead, e.g. '@cdktf/provider-azurerm/lib/container-app': the package root loads every resource type.",
};
const layer = (forbidden, why) => ({ group: forbidden, message: why });

export default tseslint.config(
  { ignores: ['node_modules/', '.gen/', 'cdktf.out/', 'dist/', 'coverage/', 'tools/azapi-gen/node_modules/'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mts', '**/*.mjs'],
    rules: {
      'no-restricted-imports': ['error', { paths: [rootImport] }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // CommonJS preload for the benchmark: plain Node, require() is its module system.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['constructs/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [rootImport],
        patterns: [layer(['**/stacks/**', '**/src/**', '../stacks', '../src'], 'constructs/ is the reusable library: it must not depend on stacks/ or src/.')],
      }],
    },
  },
  {
    files: ['stacks/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [rootImport],
        patterns: [layer(['**/src/**', '../src'], 'stacks/ are composed from constructs/ only: they must not depend on src/.')],
      }],
    },
  },
);
