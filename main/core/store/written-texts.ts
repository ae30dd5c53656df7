import type { DocSources } from './search-doc';
import type { SearchIndex } from './search-index';

/**
 * The texts written last, as the search index would read them back for the event that follows them in the same
 * transaction (a prompt's `prompt_queued`, a call's `tool_result`): handed to it instead of a query each.
 * Cleared when the outermost transaction ends.
 */
export class WrittenTexts {
  prompt: { id: string; text: string } | null = null;
  output: { sessionId: string; promptId: string | null; callId: string; finishedAt: string; output: string } | null = null;

  constructor(private readonly search: SearchIndex) {}

  readonly sources: DocSources = {
    promptText: (promptId) => (this.prompt?.id === promptId ? this.prompt.text : this.search.sources.promptText(promptId)),
    toolOutput: (sessionId, promptId, callId, before) => {
      const last = this.output;
      return last && last.sessionId === sessionId && last.promptId === promptId && last.callId === callId && last.finishedAt <= before
        ? last.output
        : this.search.sources.toolOutput(sessionId, promptId, callId, before);
    },
  };

  clear(): void {
    this.prompt = null;
    this.output = null;
  }
}
