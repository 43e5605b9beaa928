import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareText } from '../../constructs/core/text-order';
import { ROOT, TSX } from '../support/preflight-fixtures';

const ENGLISH = ['aa-orders', 'jobs', 'search', 'yarp', 'zones'];

/** What the probe prints when run with `LANG` set to `lang`. */
function orderUnder(lang: string): { locale: string; compareText: string[]; preflight: string[]; requestPath: string[] } {
  const env = { ...process.env, LANG: lang, LC_ALL: lang, LC_COLLATE: lang };
  const out = execFileSync(TSX, [join(ROOT, 'test', 'support', 'locale-order-probe.ts')], { cwd: ROOT, env, encoding: 'utf8' });
  return JSON.parse(out) as ReturnType<typeof orderUnder>;
}

describe('compareText: one text order, whatever the locale', () => {
  it('orders text as en-US collation does', () => {
    expect(['zones', 'yarp', 'aa-orders', 'search', 'jobs'].sort(compareText)).toEqual(ENGLISH);
    // Collation, not code units: lower case before upper, punctuation before letters.
    expect(['B', 'a', 'b', 'A'].sort(compareText)).toEqual(['a', 'A', 'b', 'B']);
    expect(['x|y', 'xa'].sort(compareText)).toEqual(['x|y', 'xa']);
  });

  // The locales change the order of these names (Danish "aa" after "z", Lithuanian "y" before
  // "j", Estonian "z" before "t"), and each process takes its default locale from LANG. Before,
  // preflight.json and request-path.json followed it.
  for (const lang of ['da_DK.UTF-8', 'lt_LT.UTF-8', 'et_EE.UTF-8']) {
    it(`writes preflight.json and request-path.json in the same order under ${lang}`, () => {
      const seen = orderUnder(lang);
      expect(seen.locale).not.toBe('en-US'); // the probe really ran under that locale
      expect(seen.compareText).toEqual(ENGLISH);
      expect(seen.preflight).toEqual(ENGLISH.map((n) => `Microsoft.${n}`));
      expect(seen.requestPath).toEqual(ENGLISH.map((n) => `order/${n}`));
    });
  }
});
