import { z } from 'zod';

/** Short refs are 6 lower-case hex digits, unique per kind (session, prompt, approval). */
export const Ref = z.string().regex(/^[0-9a-f]{6}$/);
export type Ref = z.infer<typeof Ref>;

/** Anything a user may type to name an object: an exact id, an exact ref, or a unique prefix of either. */
export const IdOrRef = z.string().min(1).max(200);
