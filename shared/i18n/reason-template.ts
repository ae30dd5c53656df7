import type { MessageKey } from './keys';

/**
 * One sentence the engine writes, as a pattern whose captured parts go into a catalog message. The English
 * message filled with what was captured is the sentence again (tests/i18n check that), so English needs no
 * template and the panel's language gets the twin.
 */
export interface ReasonTemplate {
  pattern: RegExp;
  key: MessageKey;
  /** Names of the captured groups, in order. */
  vars: readonly string[];
  /** Captured parts translated again (a reason inside a reason, "reading x", "session y"). */
  nested?: readonly string[];
  /**
   * Captured parts that are one word of a closed set (a settings source, a hook decision), shown as the message
   * `<group>.<word>`; a word the group lacks stays as it is.
   */
  words?: Readonly<Record<string, string>>;
  /** The plural form, for messages whose English says is/are. */
  count?: (vars: Readonly<Record<string, string>>) => number;
}
