/**
 * Keeps the first `headBytes` and the last `tailBytes` of a byte stream, counting what falls in
 * between, so a command that prints megabytes costs bounded memory.
 */
export class OutputCapture {
  private head: Buffer[] = [];
  private headLen = 0;
  private tail: Buffer[] = [];
  private tailLen = 0;
  total = 0;

  constructor(
    private readonly headBytes = 20_000,
    private readonly tailBytes = 10_000,
  ) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    let rest = chunk;
    if (this.headLen < this.headBytes) {
      const take = Math.min(rest.length, this.headBytes - this.headLen);
      this.head.push(rest.subarray(0, take));
      this.headLen += take;
      rest = rest.subarray(take);
    }
    if (rest.length === 0) return;
    this.tail.push(rest);
    this.tailLen += rest.length;
    // Trim lazily: drop whole chunks that lie entirely before the last tailBytes.
    while (this.tail.length > 1 && this.tailLen - (this.tail[0]?.length ?? 0) >= this.tailBytes) {
      this.tailLen -= this.tail.shift()?.length ?? 0;
    }
  }

  /** Bytes that were dropped from the middle. */
  get omitted(): number {
    return Math.max(0, this.total - this.headBytes - this.tailBytes);
  }

  text(): string {
    const head = Buffer.concat(this.head).toString('utf8');
    const tailBuf = Buffer.concat(this.tail);
    const tail = tailBuf.subarray(Math.max(0, tailBuf.length - this.tailBytes)).toString('utf8');
    if (this.omitted === 0) return head + tail;
    return `${head}\n[… ${this.omitted} bytes of output omitted; showing the first ${this.headBytes} and last ${this.tailBytes} bytes …]\n${tail}`;
  }
}
