/**
 * `n` with thousands separators, as `n.toLocaleString('en-US')` writes it (`12,345`), without
 * loading ICU's number formats: the first `toLocaleString` of a process costs about 30 ms, more
 * than the constructs that print a figure in a note take to build. Integers are grouped here;
 * anything else (fractions, -0, beyond 2^53) is left to `toLocaleString`.
 */
export function groupThousands(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}
