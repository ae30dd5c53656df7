import { formatUsd, type BudgetStop, type BudgetUnit } from '../../../shared/cost';
import { msg, type Msg, type MsgValue } from '../../../shared/i18n/message';
import type { PromptStatus } from '../../../shared/status';
import { compactTokens } from '../../../shared/token-format';

/** "50k tokens" (a sentence, so the word follows the language) or "$2.00" (the same everywhere). */
function amount(unit: BudgetUnit, value: number): MsgValue {
  return unit === 'tokens' ? msg('budget.tokens', { tokens: compactTokens(value) }) : formatUsd(value);
}

/** "the session budget of 50k tokens is used up (52.3k tokens)": its English is budgetStopText's, word for word. */
export function budgetStopMsg(stop: BudgetStop): Msg {
  const amounts = { limit: amount(stop.unit, stop.limit), used: amount(stop.unit, stop.used) };
  return stop.kind === 'session' ? msg('budget.dialog.stopSession', amounts) : msg('budget.dialog.stopDaily', amounts);
}

/** A prompt's status inside a refusal: a word people read in their language. */
export const statusWord = (status: PromptStatus): Msg => msg(`notices.request.promptStatus.${status}`);
