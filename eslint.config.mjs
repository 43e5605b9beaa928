// Lint: TypeScript rules plus the project's two structural rules:
// - import @cdktf/provider-azurerm per resource module, never the package root (the root, also
//   reachable as /lib or /lib/index, loads every resource type: seconds and hundreds of MB);
// - dependencies point one way: src -> stacks -> constructs -> provider bindings. The package's
//   own name is an alias of src/index.ts, so it counts as src. (Dynamic import() is not checked.)
import tseslint from 'typescript-eslint';

const rootMessage = "Import the resource module instead, e.g. '@cdktf/provider-azurerm/lib/container-app': the package root loads every resource type.";
const rootImports = ['@cdktf/provider-azurerm', '@cdktf/provider-azurerm/lib', '@cdktf/provider-azurerm/lib/index']
  .map((name) => ({ name, message: rootMessage }));
const SELF = '@realtime-platform/azure-constructs';

const layered = (forbidden, message) => ({
  'no-restricted-imports': ['error', {
    paths: [...rootImports, { name: SELF, message }],
    patterns: [{ group: forbidden, message }],
  }],
});

const LOCALE_MESSAGE = 'the default locale follows LANG, so the order or text changes from one machine to the next: '
  + "use compareText (constructs/core/text-order.ts) or name the locale ('en-US').";
// A locale named by a string literal ('en-US'); an argument left out, undefined or a variable is the default locale.
const NAMED = (i) => `:not([arguments.${i}.type='Literal'])`;
const LOCALE_DEFAULTS = [
  { selector: `CallExpression[callee.property.name='localeCompare']${NAMED(1)}`, message: `localeCompare without a named locale: ${LOCALE_MESSAGE}` },
  {
    selector: `:matches(NewExpression, CallExpression)[callee.object.name='Intl'][callee.property.name=/^(Collator|DateTimeFormat|NumberFormat|PluralRules|RelativeTimeFormat|ListFormat|Segmenter|DisplayNames)$/]${NAMED(0)}`,
    message: `an Intl object without a named locale: ${LOCALE_MESSAGE}`,
  },
  { selector: `CallExpression[callee.property.name=/^toLocale(String|UpperCase|LowerCase|DateString|TimeString)$/]${NAMED(0)}`, message: `a toLocale* call without a named locale: ${LOCALE_MESSAGE}` },
];

export default tseslint.config(
  { ignores: ['node_modules/', '.gen/', 'cdktf.out/', 'dist/', 'dist-jsii/', 'coverage/', 'reports/', '.stryker-tmp/', 'tools/azapi-gen/node_modules/', 'tools/mutation/node_modules/', 'tools/jsii/node_modules/', '**/.venv/', 'tools/pipeline-lint/.go/', 'tools/pipeline-lint/bin/'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mts', '**/*.mjs'],
    rules: {
      'no-restricted-imports': ['error', { paths: rootImports }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Interface methods implemented without using every parameter (jsii wants the full signature).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // What the library writes must not depend on the locale (LANG) of the machine that writes it.
      'no-restricted-syntax': ['error', ...LOCALE_DEFAULTS],
    },
  },
  {
    // CommonJS preload for the benchmark: plain Node, require() is its module system.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-restricted-syntax': ['error', ...LOCALE_DEFAULTS] },
  },
  {
    files: ['constructs/**/*.ts'],
    rules: layered(['**/stacks/**', '**/src/**', '../stacks', '../src'], 'constructs/ is the reusable library: it must not depend on stacks/ or src/.'),
  },
  {
    files: ['stacks/**/*.ts'],
    rules: layered(['**/src/**', '../src'], 'stacks/ are composed from constructs/ only: they must not depend on src/.'),
  },
);
