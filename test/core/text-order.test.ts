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

  // Printable ASCII is compared without ICU (constructs/core/text-order.ts): the collator it stands in for is the judge.
  const icu = new Intl.Collator('en-US');
  const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
  const disagreements = (pairs: Iterable<[string, string]>) => [...pairs]
    .filter(([a, b]) => Math.sign(compareText(a, b)) !== Math.sign(icu.compare(a, b)))
    .map(([a, b]) => `${JSON.stringify(a)} ? ${JSON.stringify(b)}: ${compareText(a, b)}, ICU ${icu.compare(a, b)}`);

  it('orders every two printable ASCII characters as ICU en-US does', () => {
    expect(disagreements(PRINTABLE.flatMap((a) => PRINTABLE.map((b): [string, string] => [a, b])))).toEqual([]);
  });

  it('orders printable ASCII strings as ICU en-US does: place over the whole string first, then case', () => {
    // Cases and punctuation in turn, and strings that start alike: a fixed sample, the same at every run.
    const words = ['', 'a', 'A', 'ab', 'aB', 'Ab', 'AB', 'a-b', 'a_b', 'a b', 'a.b', 'a/b', 'a1', 'a9', 'a$', 'a~', 'a|b',
      'azurerm_key_vault', 'azurerm_key_vault_secret', 'Microsoft.Web', 'microsoft.web', 'Microsoft.Web/sites', 'Key Vault Secrets User',
      'Key Vault Secrets Officer', 'realtime-dev/api/app', 'realtime-dev/api-gateway', 'x|y', 'xa', 'aa-orders', 'zones', '${var.x}', 'Z', 'z'];
    const pairs: [string, string][] = words.flatMap((a) => words.map((b): [string, string] => [a, b]));
    // Every two-character string against a spread of others.
    const two = PRINTABLE.flatMap((a) => PRINTABLE.map((b) => a + b));
    for (let i = 0; i < two.length; i += 7) pairs.push([two[i], two[(i * 31 + 17) % two.length]], [two[i], two[i + 1] ?? '']);
    expect(disagreements(pairs)).toEqual([]);
  });

  // In a process of its own: the collator, once made, is kept for the process, and this process's other tests make it.
  it('makes no collator for printable ASCII, and one for other text', () => {
    const probe = `
      const made = [];
      const Real = Intl.Collator;
      Intl.Collator = function (...args) { made.push(args); return new Real(...args); };
      const { compareText } = require(${JSON.stringify(join(ROOT, 'constructs', 'core', 'text-order.ts'))});
      const sorted = ['b', 'A', 'a-b', 'a'].sort(compareText);
      const afterAscii = made.length;
      const other = Math.sign(compareText('é', 'f'));
      console.log(JSON.stringify({ sorted, afterAscii, other, afterOther: made.length }));`;
    const seen = JSON.parse(execFileSync(TSX, ['-e', probe], { cwd: ROOT, encoding: 'utf8' })) as unknown;
    expect(seen).toEqual({ sorted: ['a', 'A', 'a-b', 'b'], afterAscii: 0, other: -1, afterOther: 1 });
  });

  it('leaves other text to ICU', () => {
    // By code unit `é` (U+00E9) and `ä` would come after every ASCII letter; in collation they sit by `e` and `a`.
    expect(['f', 'é', 'e'].sort(compareText)).toEqual(['e', 'é', 'f']);
    expect(['b', 'ä', 'a'].sort(compareText)).toEqual(['a', 'ä', 'b']);
    // Nor are control characters: ICU ignores most of them, which no place in the table would do.
    for (const [a, b] of [['a\u0001b', 'ab'], ['a\tb', 'ab'], ['\u0007', ' ']]) expect([a, b, Math.sign(compareText(a, b))]).toEqual([a, b, Math.sign(icu.compare(a, b))]);
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
