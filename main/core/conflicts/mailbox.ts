/** A one-reader queue of messages for a turn waiting at a conflict: a person's decisions, "blockers ended". */
export class Mailbox<T> {
  private readonly items: T[] = [];
  private reader: ((item: T) => void) | null = null;

  push(item: T): void {
    const reader = this.reader;
    if (reader) {
      this.reader = null;
      reader(item);
    } else this.items.push(item);
  }

  take(signal: AbortSignal): Promise<T> {
    if (this.items.length > 0) return Promise.resolve(this.items.shift() as T);
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => {
        this.reader = null;
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.reader = (item) => {
        signal.removeEventListener('abort', onAbort);
        resolve(item);
      };
    });
  }
}
