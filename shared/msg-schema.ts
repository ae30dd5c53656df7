import { z } from 'zod';
import type { Msg, MsgValue } from './i18n/message';
import type { MessageKey } from './i18n/keys';

/**
 * A `Msg` on the wire (an event's reason, detail or notice). The key is any string here: a client renders a key it
 * does not know as the English text that travels beside it.
 */
export const MsgSchema: z.ZodType<Msg> = z.lazy(() =>
  z.object({
    key: z.string().transform((k) => k as MessageKey),
    vars: z.record(z.string(), z.union([z.string(), z.number(), MsgSchema]) as z.ZodType<MsgValue>).optional(),
  }),
);
