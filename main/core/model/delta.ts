// What one streamed `delta` adds to the answer and to the reasoning. Providers disagree on the shape:
//   content: "text"                                   OpenAI and most servers
//   content: [{type:"text",text}, {type:"thinking",thinking:[{type:"text",text}]}]   Mistral (Magistral)
//   reasoning_content: "…"                            DeepSeek, Qwen, xAI
//   reasoning: "…"                                    OpenRouter, Groq, vLLM
//   reasoning_details: [{type:"reasoning.text",text}] OpenRouter (alongside `reasoning`, same text)

/** Text a delta adds: the answer's and the reasoning's (either may be empty). */
export interface DeltaText {
  text: string;
  reasoning: string;
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The text of Mistral's `thinking` field: a list of text parts (or, defensively, a plain string). */
function thinkingText(thinking: unknown): string {
  if (typeof thinking === 'string') return thinking;
  if (!Array.isArray(thinking)) return '';
  return thinking.map((part) => str(record(part)?.text)).join('');
}

/** Splits array content into answer text and reasoning; parts of other types (references, images) add nothing. */
function contentParts(parts: readonly unknown[]): DeltaText {
  let text = '';
  let reasoning = '';
  for (const raw of parts) {
    const part = record(raw);
    if (!part) continue;
    if (part.type === 'text') text += str(part.text);
    else if (part.type === 'thinking') reasoning += thinkingText(part.thinking);
  }
  return { text, reasoning };
}

/** Readable text of OpenRouter's reasoning_details; encrypted entries carry none. */
function detailsText(details: unknown): string {
  if (!Array.isArray(details)) return '';
  return details
    .map((raw) => {
      const d = record(raw);
      if (d?.type === 'reasoning.text') return str(d.text);
      if (d?.type === 'reasoning.summary') return str(d.summary);
      return '';
    })
    .join('');
}

/**
 * Reads one choice's delta. The reasoning fields are alternatives that some servers send together with the same
 * text (OpenRouter: `reasoning` and `reasoning_details`; vLLM during its rename: `reasoning_content` and
 * `reasoning`), so only the first one present is taken.
 */
export function readDelta(delta: unknown): DeltaText {
  const d = record(delta);
  if (!d) return { text: '', reasoning: '' };
  const parts = Array.isArray(d.content) ? contentParts(d.content) : { text: str(d.content), reasoning: '' };
  const field =
    typeof d.reasoning_content === 'string' && d.reasoning_content !== ''
      ? d.reasoning_content
      : typeof d.reasoning === 'string' && d.reasoning !== ''
        ? d.reasoning
        : detailsText(d.reasoning_details);
  return { text: parts.text, reasoning: parts.reasoning + field };
}
