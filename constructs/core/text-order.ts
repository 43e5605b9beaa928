/**
 * The one order of the text the library sorts into what it writes (`preflight.json`,
 * `request-path.json`) and prints: ICU's collation for `en-US`, named, instead of the default
 * locale of whoever runs the synth. With `localeCompare()` or `new Intl.Collator()` the order
 * followed `LANG`: in Danish `aa` sorts after `z`, in Lithuanian `y` between `i` and `j`, in
 * Estonian `z` after `s`, so a teammate's synth reordered files that CI wrote otherwise, and a
 * snapshot test failed on one machine only. `en-US` is the order earlier releases wrote on an
 * English or C locale (CI's), so those files keep their bytes.
 *
 * The collator is made at the first comparison, once: making one loads ICU's collation data
 * (about 7 ms), which a process that sorts nothing need not pay.
 */
let collator: Intl.Collator | undefined;

/** `a` against `b` in the library's one text order: negative, zero or positive, as a sort's comparator. */
export function compareText(a: string, b: string): number {
  collator ??= new Intl.Collator('en-US');
  return collator.compare(a, b);
}
