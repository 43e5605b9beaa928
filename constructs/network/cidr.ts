/**
 * An IPv4 range in CIDR notation, for the address checks at synth (overlap, containment, size).
 * Internal: the public API takes and returns CIDR strings.
 */
export class Ipv4Range {
  /** The range, or undefined when `text` is not `a.b.c.d/n` with the host bits zero. */
  public static parse(text: string): Ipv4Range | undefined {
    const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(text);
    if (!match) return undefined;
    const octets = match.slice(1, 5).map(Number);
    const prefix = Number(match[5]);
    if (octets.some((o) => o > 255) || prefix > 32) return undefined;
    const base = ((octets[0] << 24) >>> 0) + (octets[1] << 16) + (octets[2] << 8) + octets[3];
    const range = new Ipv4Range(base, prefix);
    return range.base === base ? range : undefined;
  }

  /** The same address with the host bits cleared, for a fix that names the aligned range. */
  public static aligned(text: string): string | undefined {
    const match = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(text);
    if (!match) return undefined;
    const whole = Ipv4Range.parse(`${match[1]}/32`);
    const prefix = Number(match[2]);
    if (!whole || prefix > 32) return undefined;
    return new Ipv4Range(whole.base, prefix).toString();
  }

  public readonly base: number;
  public readonly prefix: number;

  private constructor(address: number, prefix: number) {
    this.prefix = prefix;
    this.base = prefix === 0 ? 0 : (address & (~0 << (32 - prefix))) >>> 0;
  }

  /** Number of addresses in the range. */
  public get size(): number {
    return 2 ** (32 - this.prefix);
  }

  public contains(other: Ipv4Range): boolean {
    return other.prefix >= this.prefix && other.base >= this.base && other.base + other.size <= this.base + this.size;
  }

  public overlaps(other: Ipv4Range): boolean {
    return this.base < other.base + other.size && other.base < this.base + this.size;
  }

  /** The `index`-th range of `prefix` inside this one (`10.0.0.0/16`.subrange(20, 1) is `10.0.16.0/20`). */
  public subrange(prefix: number, index: number): Ipv4Range | undefined {
    if (prefix < this.prefix || prefix > 32) return undefined;
    const size = 2 ** (32 - prefix);
    if (index < 0 || (index + 1) * size > this.size) return undefined;
    return new Ipv4Range(this.base + index * size, prefix);
  }

  /** The range at `offset` addresses from the start of this one, with `prefix`. */
  public at(offset: number, prefix: number): Ipv4Range | undefined {
    const size = 2 ** (32 - prefix);
    if (offset % size !== 0 || offset + size > this.size || prefix < this.prefix) return undefined;
    return new Ipv4Range(this.base + offset, prefix);
  }

  public toString(): string {
    const b = this.base;
    return `${b >>> 24}.${(b >>> 16) & 255}.${(b >>> 8) & 255}.${b & 255}/${this.prefix}`;
  }
}
