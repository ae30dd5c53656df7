import { randomBytes } from 'node:crypto';

/** Ids kept at most; the oldest go first (their buttons then answer that they are no longer valid). */
const MAX_IDS = 5000;

/**
 * The opaque ids buttons carry. A press brings back only the id; what it does (which approval, which answer) is
 * looked up here, so a forged or replayed id can do nothing the gateway did not offer. Ids outlive their message's
 * keyboard: a press the phone sent before the edit arrived is answered with what happened instead.
 */
export class ButtonIds<Action> {
  private readonly actions = new Map<string, Action>();

  register(action: Action): string {
    const id = randomBytes(12).toString('base64url');
    this.actions.set(id, action);
    if (this.actions.size > MAX_IDS) {
      const oldest = this.actions.keys().next().value;
      if (oldest !== undefined) this.actions.delete(oldest);
    }
    return id;
  }

  resolve(id: string): Action | undefined {
    return this.actions.get(id);
  }
}

/** A bounded map from a message to what it is about, for replies to it; the oldest entries go first. */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly max: number) {}

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  delete(key: K): void {
    this.map.delete(key);
  }
}
