import type { StoredMessage, TranscriptRepository } from '../store/transcript';
import { REPLY_PRIMING_TOKENS, type TokenCounter } from './tokens';
import { shownTokens } from './view';

/** What counting stored messages needs of the store. */
export interface MessageTokenStore {
  transcript: Pick<TranscriptRepository, 'setTokens'>;
}

/**
 * A stored message's token count as the model is shown it: the one kept with it, or counted now and kept, so each message is tokenized
 * once in its life, however long its session grows.
 */
export function tokensOf(store: MessageTokenStore, counter: TokenCounter, stored: StoredMessage): number {
  if (stored.tokens !== null) return stored.tokens;
  const tokens = shownTokens(stored.message, counter);
  store.transcript.setTokens(stored.id, tokens);
  return tokens;
}

/** The tokens of a request carrying these messages (each counted at most once), with the reply's frame. */
export function messagesTokens(store: MessageTokenStore, counter: TokenCounter, messages: readonly StoredMessage[]): number {
  let total = REPLY_PRIMING_TOKENS;
  for (const m of messages) total += tokensOf(store, counter, m);
  return total;
}
