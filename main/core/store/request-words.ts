import type { PromptStatus } from '../../../shared/status';
import { msg, type Msg } from '../../../shared/i18n/message';

/** A prompt's status inside a refusal ("prompt p-3 already completed"): a word people read in their language. */
export const promptStatusWord = (status: PromptStatus): Msg => msg(`notices.request.promptStatus.${status}`);

/** What a reference names (session, prompt, approval), as a word of the language. */
export const refKindWord = (kind: 'session' | 'prompt' | 'approval'): Msg => msg(`notices.request.kind.${kind}`);
