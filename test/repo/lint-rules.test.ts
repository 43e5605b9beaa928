import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ESLint, Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** Lint `code` as if it were the file `relativePath` (which need not exist) and return its messages. */
async function lint(relativePath: string, importLine: string): Promise<Linter.LintMessage[]> {
  const filePath = resolve(ROOT, relativePath);
  // `X` is used so only the import itself can be reported.
  const [result] = await eslint.lintText(`${importLine}\nexport const probe = X;\n`, { filePath });
  expect(result.filePath).toBe(filePath);
  return result.messages;
}

const restricted = (messages: Linter.LintMessage[]) => messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);

const ROOT_IMPORT = /^'@cdktf\/provider-azurerm' import is restricted from being used\. Import the resource module instead, e\.g\. '@cdktf\/provider-azurerm\/lib\/container-app': the package root loads every resource type\.$/;
const CONSTRUCTS_LAYER = /constructs\/ is the reusable library: it must not depend on stacks\/ or src\/\.$/;
const STACKS_LAYER = /stacks\/ are composed from constructs\/ only: they must not depend on src\/\.$/;

describe('lint probes', () => {
  it('lints files that do not exist on disk but sit inside the repo, under the flat config', async () => {
    const probe = resolve(ROOT, 'constructs/x/lint-probe.ts');
    expect(existsSync(probe)).toBe(false);
    expect(await eslint.isPathIgnored(probe)).toBe(false);
    const config = await eslint.calculateConfigForFile(probe) as { rules: Record<string, unknown> };
    expect(config.rules['no-restricted-imports']).toBeDefined();
    // No "file ignored" warning and no other finding for a clean file.
    expect(await lint('constructs/x/lint-probe.ts', "import { X } from '../core/naming';")).toEqual([]);
  });
});

describe('provider imports', () => {
  it('reports an import of the @cdktf/provider-azurerm package root under constructs/', async () => {
    const messages = await lint('constructs/x/lint-probe.ts', "import { X } from '@cdktf/provider-azurerm';");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ruleId: 'no-restricted-imports', severity: 2, line: 1 });
    expect(messages[0].message).toMatch(ROOT_IMPORT);
  });

  it.each(["'@cdktf/provider-azurerm/lib'", "'@cdktf/provider-azurerm/lib/index'"])('reports %s, the package root under another name', async (spec) => {
    expect(restricted(await lint('constructs/x/lint-probe.ts', `import { X } from ${spec};`))).toEqual([expect.stringMatching(/Import the resource module instead/)]);
  });

  it('does not report an import of one resource module', async () => {
    expect(await lint('constructs/x/lint-probe.ts', "import { X } from '@cdktf/provider-azurerm/lib/container-app';")).toEqual([]);
  });

  it.each(['stacks/lint-probe.ts', 'src/lint-probe.ts', 'test/lint-probe.ts'])('reports the package root import in %s too', async (file) => {
    expect(restricted(await lint(file, "import { X } from '@cdktf/provider-azurerm';"))).toEqual([expect.stringMatching(ROOT_IMPORT)]);
  });
});

describe('layering: src -> stacks -> constructs', () => {
  it.each([
    "import { X } from '../stacks/realtime-stack';",
    "import { X } from '../../stacks/realtime-stack';",
    "import { X } from '../../src/environments';",
    "export { X } from '../stacks/realtime-stack';",
  ])('reports constructs/ depending on stacks/ or src/: %s', async (line) => {
    expect(restricted(await lint('constructs/x/lint-probe.ts', line))).toEqual([expect.stringMatching(CONSTRUCTS_LAYER)]);
  });

  it('reports stacks/ importing ../src/environments', async () => {
    const messages = await lint('stacks/lint-probe.ts', "import { X } from '../src/environments';");
    expect(restricted(messages)).toEqual([
      "'../src/environments' import is restricted from being used by a pattern. stacks/ are composed from constructs/ only: they must not depend on src/.",
    ]);
    expect(restricted(messages)[0]).toMatch(STACKS_LAYER);
  });

  it('does not report the allowed direction: stacks/ importing constructs/, src/ importing stacks/', async () => {
    expect(await lint('stacks/lint-probe.ts', "import { X } from '../constructs/core/naming';")).toEqual([]);
    expect(await lint('src/lint-probe.ts', "import { X } from '../stacks/realtime-stack';")).toEqual([]);
  });
});

describe('layering through the package name', () => {
  it.each(['constructs/x/lint-probe.ts', 'stacks/lint-probe.ts'])('reports %s importing the package itself (an alias of src/index.ts)', async (file) => {
    expect(restricted(await lint(file, "import { X } from '@realtime-platform/azure-constructs';"))).toEqual([expect.stringMatching(/must not depend on (stacks\/ or )?src\//)]);
  });
});
