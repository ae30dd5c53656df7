import { randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** A 6-hex ref not yet taken, retried on collision (16.7M values; collisions are rare but real). */
export function newRef(taken: (ref: string) => boolean): string {
  for (let i = 0; i < 1000; i++) {
    const ref = randomBytes(3).toString('hex');
    if (!taken(ref)) return ref;
  }
  throw new Error('could not allocate a unique 6-hex ref after 1000 tries');
}

export const nowIso = (): string => new Date().toISOString();
