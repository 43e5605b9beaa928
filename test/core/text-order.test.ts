import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareText } from '../../constructs/core/text-order';
import { ROOT, TSX } from '../support/preflight-fixtures';

const ENGLISH = ['aa-orders', 'jobs', 'search', 'yarp', 'zones'];

interface Seen { defaultOrder: string[]; compareText: string[]; preflight: string[]; nodes: string[]; hops: string[]; regions: string[] }

/** What the probe prints when run with `LANG` set to `lang`. */
function orderUnder(lang: string): Seen {
  const env = { ...process.env, LANG: lang, LC_ALL: lang, LC_COLLATE: lang };
  const out = execFileSync(TSX, [join(ROOT, 'test', 'support', 'locale-order-probe.ts')], { cwd: ROOT, env, encoding: 'utf8' });
  return JSON.parse(out) as Seen;
}

describe('compareText: one text order, whatever the locale', () => {
  // In this process (the test runner's locale, C or English) the old default-locale order gave
  // the same: the processes below, under other locales, are what tells them apart.
  it('orders text as en-US collation does', () => {
    expect(['zones', 'yarp', 'aa-orders', 'search', 'jobs'].sort(compareText)).toEqual(ENGLISH);
    // Collation, not code units: lower case before upper, punctuation before letters.
    expect(['B', 'a', 'b', 'A'].sort(compareText)).toEqual(['a', 'A', 'b', 'B']);
    expect(['x|y', 'xa'].sort(compareText)).toEqual(['x|y', 'xa']);
  });

  // Each process takes its default locale from LANG, and these locales order the names otherwise
  // (Danish "aa" after "z", Lithuanian "y" before "j", Estonian "z" before "t"). Before, what the
  // library sorted followed it.
  for (const lang of ['da_DK.UTF-8', 'lt_LT.UTF-8', 'et_EE.UTF-8']) {
    it(`writes preflight.json, request-path.json and region suggestions in one order under ${lang}`, (ctx) => {
      const seen = orderUnder(lang);
      // A Node whose ICU lacks the locale's collation data (a small-ICU build) orders as English: nothing to tell apart there.
      if (JSON.stringify(seen.defaultOrder) === JSON.stringify(ENGLISH)) ctx.skip(`this Node's ICU has no ${lang} collation`);
      expect(seen.compareText).toEqual(ENGLISH);
      expect(seen.preflight).toEqual(ENGLISH.map((n) => `Microsoft.${n}`));
      expect(seen.nodes).toEqual(['order/aa-orders', 'order/jobs', 'order/search', 'order/sink', 'order/yarp', 'order/zones']);
      expect(seen.hops).toEqual(ENGLISH.map((n) => `order/${n} -> order/sink`));
      expect(seen.regions).toEqual(['aaregion', 'yaregion', 'zaregion']);
    });
  }
});
