import { z } from 'zod';
import { MsgSchema } from './msg-schema';

/*
 * Messenger gateways: a chat app (Telegram first) that shows approvals and notifications and takes prompts, held
 * by the process that holds the engine (the desktop app, `paragents serve`). The token is never sent back.
 */

export const GatewayKind = z.enum(['telegram']);
export type GatewayKind = z.infer<typeof GatewayKind>;

/**
 * How the gateway talks to its messenger: `off` without a token, `connecting` until the first answer,
 * `connected` while long polling works, `retrying` after a failure (backing off), `refused` when the token was
 * rejected (it stays stopped until a new token is set).
 */
export const GatewayConnection = z.enum(['off', 'connecting', 'connected', 'retrying', 'refused']);
export type GatewayConnection = z.infer<typeof GatewayConnection>;

/** Where the token came from: config.json, the OS keychain (desktop app), or PARAGENTS_TELEGRAM_TOKEN. */
export const GatewayTokenSource = z.enum(['config', 'keychain', 'env']);
export type GatewayTokenSource = z.infer<typeof GatewayTokenSource>;

export const PairCode = z.object({
  /** Sent to the bot as `/pair CODE`; good once. */
  code: z.string(),
  expiresAt: z.string(),
});
export type PairCode = z.infer<typeof PairCode>;

export const PairedChat = z.object({
  /** The messenger's chat id, as a string (Telegram's ids exceed 32 bits). */
  chatId: z.string(),
  /** Who paired it, as the messenger names them ("Ada (@ada)"). */
  name: z.string(),
  pairedAt: z.string(),
});
export type PairedChat = z.infer<typeof PairedChat>;

export const GatewayStatus = z.object({
  gateway: GatewayKind,
  tokenSet: z.boolean(),
  tokenSource: GatewayTokenSource.nullable(),
  connection: GatewayConnection,
  /** Why it is not connected, in one sentence (never the token). */
  problem: z.string().nullable(),
  /** The same sentence as data, for clients to render (absent when it is only what the system said). */
  problemMsg: MsgSchema.optional(),
  /** The bot's user name once connected ("my_agents_bot"). */
  bot: z.string().nullable(),
  apiRoot: z.string(),
  /** The pairing code waiting to be used, if one was asked for and has not expired. */
  pairCode: PairCode.nullable(),
  chats: z.array(PairedChat),
});
export type GatewayStatus = z.infer<typeof GatewayStatus>;

/** A Telegram bot token as BotFather gives it: digits, a colon, then letters, digits, `_` and `-`. */
export const TelegramToken = z
  .string()
  .max(200)
  .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,}$/, 'expected a bot token from BotFather, such as 123456789:AA…');
