// `npm run docs:rules`: write docs/lessons.md's rule table (between the rule-table markers) from
// the platform pack and every `<rule>.examples.ts` under constructs/. `--check`: exit 1 where
// docs/lessons.md is stale instead of writing it.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RuleExamples } from '../../constructs/lessons-check/rule-examples';
import { PlatformLessonsPack } from '../../constructs/stack/platform-lessons-pack';
import { reportBlock, writeOrCheckBlock } from '../docs-block';
import { RULE_TABLE, renderRuleTable } from './render';

const root = resolve(__dirname, '..', '..');
const examples = readdirSync(join(root, 'constructs'), { recursive: true, encoding: 'utf8' })
  // The same modules the tests find (test/support/rule-examples.ts: constructs/**/rules/**/*.examples.ts).
  .filter((file) => file.endsWith('.examples.ts') && /(^|\/)rules\//.test(file))
  .sort()
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- tsx loads each module by the path found on disk
  .map((file) => (require(join(root, 'constructs', file)) as { EXAMPLES: RuleExamples }).EXAMPLES);
const rules = PlatformLessonsPack.create().rules;
process.exitCode = reportBlock(RULE_TABLE, writeOrCheckBlock(root, RULE_TABLE, renderRuleTable(rules, examples), process.argv.includes('--check')), 'npm run docs:rules', `${rules.length} rules`);
