// `npm run docs:rules`: write docs/lessons.md's rule table (between the rule-table markers) from
// the platform pack and every `<rule>.examples.ts` under constructs/, and its map of lessons to
// constructs (between the lesson-map markers) from every constructs/<folder>/lessons.md.
// `--check`: exit 1 where docs/lessons.md is stale instead of writing it.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RuleExamples } from '../../constructs/lessons-check/rule-examples';
import { PlatformLessonsPack } from '../../constructs/stack/platform-lessons-pack';
import { reportBlock, writeOrCheckBlock } from '../docs-block';
import { LESSON_MAP, readFolderLessons, renderLessonMap } from './lesson-map';
import { RULE_TABLE, renderRuleTable } from './render';

const root = resolve(__dirname, '..', '..');
const examples = readdirSync(join(root, 'constructs'), { recursive: true, encoding: 'utf8' })
  // The same modules the tests find (test/support/rule-examples.ts: constructs/**/rules/**/*.examples.ts).
  .filter((file) => file.endsWith('.examples.ts') && /(^|\/)rules\//.test(file))
  .sort()
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- tsx loads each module by the path found on disk
  .map((file) => (require(join(root, 'constructs', file)) as { EXAMPLES: RuleExamples }).EXAMPLES);
const rules = PlatformLessonsPack.create().rules;
const check = process.argv.includes('--check');
const folders = readFolderLessons(root);
process.exitCode = Math.max(
  reportBlock(RULE_TABLE, writeOrCheckBlock(root, RULE_TABLE, renderRuleTable(rules, examples), check), 'npm run docs:rules', `${rules.length} rules`),
  reportBlock(LESSON_MAP, writeOrCheckBlock(root, LESSON_MAP, renderLessonMap(folders), check), 'npm run docs:rules', `the map of lessons to constructs, ${folders.reduce((n, f) => n + f.rows.length, 0)} rows from ${folders.length} folders`),
);
