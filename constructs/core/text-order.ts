/**
 * The one order of the text the library sorts into what it writes (`preflight.json`,
 * `request-path.json`) and prints: ICU's collation for `en-US`, named, instead of the default
 * locale of whoever runs the synth. With `localeCompare()` or `new Intl.Collator()` the order
 * followed `LANG`: in Danish `aa` sorts after `z`, in Lithuanian `y` between `i` and `j`, in
 * Estonian `z` after `s`, so a teammate's synth reordered files that CI wrote otherwise, and a
 * snapshot test failed on one machine only. `en-US` is the order earlier releases wrote on an
 * English or C locale (CI's), so those files keep their bytes.
 *
 * Nearly everything the library sorts is printable ASCII (paths, addresses, role and provider
 * names). Two such strings are compared here by the same rules ICU applies to them, without ICU:
 * making a collator loads ICU's collation data, 7 to 11 ms of CPU in every synth (issue 30). Any
 * other text goes to the collator, made at its first use.
 */
let collator: Intl.Collator | undefined;

/**
 * Printable ASCII (U+0020 to U+007E) in the order of ICU's `en-US` collation (CLDR's root order:
 * spaces and punctuation, symbols, digits, letters), a letter's two cases in one place. V8 orders
 * by the same places in its own fast path for such a collator (`kCollationWeightsL1` in
 * src/objects/intl-objects.cc); tested against `Intl.Collator('en-US')` character by character
 * (test/core/text-order.test.ts).
 */
const ASCII_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$0123456789aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwWxXyYzZ';

/** Each printable ASCII character's place in `ASCII_ORDER` (from 1; 0: not printable ASCII), a letter's cases alike. */
const PLACE = new Uint8Array(128);
{
  let place = 0;
  for (let i = 0; i < ASCII_ORDER.length; i += 1) {
    const code = ASCII_ORDER.charCodeAt(i);
    // An upper-case letter shares its lower case's place.
    if (!(code >= 65 && code <= 90)) place += 1;
    PLACE[code] = place;
  }
}

/** Whether every character of `text` is printable ASCII. */
function printableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code > 127 || PLACE[code] === 0) return false;
  }
  return true;
}

/**
 * Two printable ASCII strings as ICU's collation orders them: the characters' places first, over
 * the whole strings (a string that is the other's start comes first); only when they are all
 * alike, case, where lower case comes first at the first letter that differs in it.
 */
function compareAscii(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const difference = PLACE[a.charCodeAt(i)] - PLACE[b.charCodeAt(i)];
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  for (let i = 0; i < length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    // Alike in place and unalike: the same letter in two cases; upper case (65 to 90) comes second.
    if (x !== y) return x > y ? -1 : 1;
  }
  return 0;
}

/** `a` against `b` in the library's one text order: negative, zero or positive, as a sort's comparator. */
export function compareText(a: string, b: string): number {
  if (printableAscii(a) && printableAscii(b)) return compareAscii(a, b);
  collator ??= new Intl.Collator('en-US');
  return collator.compare(a, b);
}
