import { autoRetry } from '@grammyjs/auto-retry';
import { Api, GrammyError, HttpError, InputFile } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { AdapterState, Button, GatewayLog, Incoming, MessageRef, MessengerAdapter, OutgoingMessage } from '../types';
import { fitText, planText } from './split';
import { toIncoming } from './updates';
import { english, msg, type Msg } from '../../../shared/i18n/message';

export interface TelegramAdapterOptions {
  token: string;
  apiRoot: string;
  log: GatewayLog;
  /** Seconds the Bot API holds a getUpdates call open when nothing happens (long polling). */
  pollSeconds?: number;
  /** Waits after failed polls: the first, doubled each time up to the last. */
  backoffMs?: { first: number; max: number };
}

/** grammY's Node typings name the abort-controller package's signal; a native one works the same (it is only listened to). */
type GrammySignal = NonNullable<Parameters<Api['getMe']>[0]>;
const asGrammy = (signal: AbortSignal): GrammySignal => signal as unknown as GrammySignal;

const keyboard = (rows: Button[][]): InlineKeyboardMarkup => ({
  inline_keyboard: rows.map((row) => row.map((b) => ({ text: b.text, callback_data: b.id }))),
});

/** Resolves after `ms`, or at once when the signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Telegram through grammY's API client: long polling (`getUpdates`, so nothing listens on the network) with
 * backoff, 429 `retry_after` honoured on every call (grammY's auto-retry), long texts split or attached as a file.
 * The token is in the URLs grammY builds; every line this adapter logs has it removed first.
 */
export function createTelegramAdapter(o: TelegramAdapterOptions): MessengerAdapter {
  // Two clients of the same bot: both wait out a 429 for the time Telegram asks. Sending also retries a few
  // times after a server or network failure; polling gives those back to its loop, which reports and backs off.
  const api = new Api(o.token, { apiRoot: o.apiRoot });
  api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 600 }));
  const pollApi = new Api(o.token, { apiRoot: o.apiRoot });
  pollApi.config.use(autoRetry({ maxDelaySeconds: 600, rethrowHttpErrors: true, rethrowInternalServerErrors: true }));
  const pollSeconds = o.pollSeconds ?? 30;
  const backoff = o.backoffMs ?? { first: 1000, max: 60_000 };
  const stopper = new AbortController();
  const signal = stopper.signal;
  const sig = asGrammy(signal);
  let state: AdapterState = { connection: 'connecting', problem: null, bot: null };
  let offset = 0;
  let loop: Promise<void> | null = null;

  const redact = (text: string): string => text.split(o.token).join('<token>');
  const describe = (error: unknown): string => redact(error instanceof Error ? error.message : String(error));

  /** What a failed call means for the loop: stop (the token was refused) or wait and try again. */
  const failure = (error: unknown): { stop: boolean; problem: string; problemMsg?: Msg; waitMs: number | null } => {
    const said = (m: Msg) => ({ problem: english(m), problemMsg: m });
    if (error instanceof GrammyError) {
      const code = error.error_code;
      if (code === 401 || code === 404) return { stop: true, ...said(msg('gateways.problem.tokenRefused', { code, description: redact(error.description) })), waitMs: null };
      if (code === 409) return { stop: false, ...said(msg('gateways.problem.conflict')), waitMs: null };
      const retryAfter = error.parameters.retry_after;
      return { stop: false, ...said(msg('gateways.problem.answered', { code, description: redact(error.description) })), waitMs: typeof retryAfter === 'number' ? retryAfter * 1000 : null };
    }
    if (error instanceof HttpError) return { stop: false, ...said(msg('gateways.problem.cannotReach', { apiRoot: o.apiRoot, error: describe(error) })), waitMs: null };
    return { stop: false, problem: describe(error), waitMs: null };
  };

  const poll = async (inbox: (update: Incoming) => Promise<void>): Promise<void> => {
    let failures = 0;
    while (!signal.aborted) {
      try {
        // The bot's name, and the first sign that the token works and the server answers.
        if (state.bot === null) state = { connection: 'connected', problem: null, bot: (await pollApi.getMe(sig)).username };
        const updates = await pollApi.getUpdates({ offset, timeout: pollSeconds, allowed_updates: ['message', 'callback_query'] }, sig);
        if (state.connection !== 'connected') state = { connection: 'connected', problem: null, bot: state.bot };
        failures = 0;
        for (const update of updates) {
          offset = update.update_id + 1;
          const incoming = toIncoming(update);
          if (!incoming) continue;
          try {
            await inbox(incoming);
          } catch (error) {
            o.log(`telegram: an update failed: ${describe(error)}`);
          }
        }
      } catch (error) {
        if (signal.aborted) break;
        const f = failure(error);
        if (f.stop) {
          state = { connection: 'refused', problem: f.problem, ...(f.problemMsg ? { problemMsg: f.problemMsg } : {}), bot: null };
          o.log(`telegram: ${f.problem}`);
          return;
        }
        const waitMs = f.waitMs ?? Math.min(backoff.max, backoff.first * 2 ** failures);
        failures++;
        state = { connection: 'retrying', problem: f.problem, ...(f.problemMsg ? { problemMsg: f.problemMsg } : {}), bot: state.bot };
        o.log(`telegram: ${f.problem}; trying again in ${Math.round(waitMs / 1000)} s`);
        await pause(waitMs, signal);
      }
    }
  };

  /** Lets the Bot API know the updates handled so far, so the next start does not get them again. */
  const confirm = async (): Promise<void> => {
    if (offset === 0) return;
    try {
      await pollApi.getUpdates({ offset, limit: 1, timeout: 0 }, asGrammy(AbortSignal.timeout(5000)));
    } catch {
      // The next start gets the last batch again; the messenger being unreachable now is not worth a report.
    }
  };

  const call = async <T>(what: string, run: () => Promise<T>): Promise<T | null> => {
    if (signal.aborted) return null;
    try {
      return await run();
    } catch (error) {
      if (!signal.aborted) o.log(`telegram: ${what} failed: ${describe(error)}`);
      return null;
    }
  };

  return {
    start(inbox) {
      if (loop) return;
      loop = poll(inbox).catch((error: unknown) => {
        state = { connection: 'retrying', problem: describe(error), bot: state.bot };
        o.log(`telegram: polling stopped: ${describe(error)}`);
      });
    },

    async stop() {
      stopper.abort();
      await loop;
      await confirm();
      state = { connection: 'off', problem: null, bot: state.bot };
    },

    state: () => state,

    async send(chatId, message: OutgoingMessage) {
      const plan = planText(message.text);
      const refs: MessageRef[] = [];
      for (const [i, part] of plan.parts.entries()) {
        const sent = await call('sending a message', () =>
          api.sendMessage(
            Number(chatId),
            part,
            {
              link_preview_options: { is_disabled: true },
              ...(i === 0 && message.buttons ? { reply_markup: keyboard(message.buttons) } : {}),
              ...(i === 0 && message.replyTo ? { reply_parameters: { message_id: message.replyTo.messageId, allow_sending_without_reply: true } } : {}),
            },
            sig,
          ),
        );
        if (!sent) return refs;
        refs.push({ chatId, messageId: sent.message_id });
      }
      if (plan.attachment !== null) {
        const doc = await call('sending a file', () =>
          api.sendDocument(Number(chatId), new InputFile(Buffer.from(plan.attachment as string, 'utf8'), 'message.txt'), {}, sig),
        );
        if (doc) refs.push({ chatId, messageId: doc.message_id });
      }
      return refs;
    },

    async edit(ref, message) {
      if (signal.aborted) return false;
      try {
        await api.editMessageText(Number(ref.chatId), ref.messageId, fitText(message.text), message.buttons ? { reply_markup: keyboard(message.buttons) } : {}, sig);
        return true;
      } catch (error) {
        // Editing to the same text is refused by Telegram; the message already says what it should.
        if (error instanceof GrammyError && /not modified/i.test(error.description)) return true;
        if (!signal.aborted) o.log(`telegram: editing a message failed: ${describe(error)}`);
        return false;
      }
    },

    async download(fileId, maxBytes) {
      // The Bot API names the file's path, then serves it under the same token; bots may download up to 20 MB.
      try {
        const file = await api.getFile(fileId, sig);
        if (!file.file_path) return { ok: false, problem: msg('gateways.problem.fileGone') };
        if (file.file_size !== undefined && file.file_size > maxBytes) return { ok: false, problem: msg('gateways.problem.fileTooLarge', { bytes: file.file_size, max: maxBytes }) };
        const res = await fetch(`${o.apiRoot}/file/bot${o.token}/${file.file_path}`, { signal });
        if (!res.ok) return { ok: false, problem: msg('gateways.problem.fileNotFetched', { status: String(res.status) }) };
        const bytes = Buffer.from(await res.arrayBuffer());
        if (bytes.length > maxBytes) return { ok: false, problem: msg('gateways.problem.fileTooLarge', { bytes: bytes.length, max: maxBytes }) };
        return { ok: true, bytes };
      } catch (error) {
        return { ok: false, problem: msg('gateways.problem.fileNotFetched', { status: describe(error) }) };
      }
    },

    async answerButton(queryId, text) {
      await call('answering a button', () => api.answerCallbackQuery(queryId, { text: text.slice(0, 200) }, sig));
    },
  };
}
