import type { ContextOverflow } from './types';

// How OpenAI-compatible servers say "this request is larger than the model's context window". Matched on the
// error message (and OpenAI's error code), because only OpenAI and its close copies send a code.
const WORDINGS: readonly RegExp[] = [
  // OpenAI, vLLM, DeepSeek, Groq, Mistral, OpenRouter ("This endpoint's maximum context length is …")
  /maximum context length/i,
  /context[ _]length[ _]exceeded/i,
  // OpenAI's newer wording, Gemini and llama-cpp-python: "… exceeds the context window …"
  /exceeds? (?:the )?(?:available |maximum )?context (?:size|window|length)/i,
  // vLLM engine: "The prompt (total length N) is too long to fit into the model (context length M)"
  /too long to fit into the model/i,
  // Ollama, Anthropic's compatible endpoint, old llama.cpp: "prompt too long", "prompt is too long: N tokens > M maximum"
  /prompt (?:is )?too long/i,
  // LM Studio: "Trying to keep the first N tokens when context the overflows. However, the model is loaded with
  // context length of only M tokens …"
  /when context (?:the )?overflows/i,
  /context length of only/i,
  /greater than the context length/i,
  // Hugging Face TGI: "`inputs` tokens + `max_new_tokens` must be <= N"
  /tokens \+ `?max_new_tokens`? must be <=/i,
  // Gemini: "The input token count (N) exceeds the maximum number of tokens allowed (M)"
  /input token count .*exceeds the maximum number of tokens/i,
  /\bn_ctx\b/,
];

const num = (text: string | undefined): number | null => {
  if (text === undefined) return null;
  const n = Number(text.replace(/[,_]/g, ''));
  return Number.isFinite(n) && n > 0 ? n : null;
};

const N = String.raw`(\d[\d,]*)`;

const WINDOW: readonly RegExp[] = [
  new RegExp(String.raw`maximum context length (?:is |of )?${N}`, 'i'),
  new RegExp(String.raw`with ${N} maximum context length`, 'i'),
  new RegExp(String.raw`context length of only ${N}`, 'i'),
  new RegExp(String.raw`\(context length ${N}\)`, 'i'),
  new RegExp(String.raw`context (?:window|size) of ${N}`, 'i'),
  new RegExp(String.raw`must be <= ${N}`, 'i'),
  new RegExp(String.raw`maximum number of tokens allowed \(${N}\)`, 'i'),
  new RegExp(String.raw`tokens > ${N} maximum`, 'i'),
  new RegExp(String.raw`max ${N}\)`, 'i'),
  new RegExp(String.raw`limit[=: ]+${N}`, 'i'),
];

const REQUESTED: readonly RegExp[] = [
  new RegExp(String.raw`you requested (?:about )?${N}`, 'i'),
  new RegExp(String.raw`resulted in ${N}`, 'i'),
  new RegExp(String.raw`request has ${N} input tokens`, 'i'),
  new RegExp(String.raw`keep the first ${N}`, 'i'),
  new RegExp(String.raw`prompt contains ${N}`, 'i'),
  new RegExp(String.raw`requested tokens \(${N}\)`, 'i'),
  new RegExp(String.raw`total length ${N}`, 'i'),
  new RegExp(String.raw`input token count \(${N}\)`, 'i'),
  new RegExp(String.raw`too long(?::| \()\s*${N} tokens`, 'i'),
  new RegExp(String.raw`prompt[=: ]+${N}`, 'i'),
];

function first(patterns: readonly RegExp[], text: string): number | null {
  for (const p of patterns) {
    const n = num(p.exec(text)?.[1]);
    if (n !== null) return n;
  }
  return null;
}

function field(body: Record<string, unknown>, key: string): number | null {
  const v = body[key];
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
}

/**
 * Reads a server's error as "the request does not fit the model's context window", with the window and the
 * requested size when the wording gives them; null for any other error. `body` is the parsed `error` object.
 */
export function detectContextOverflow(message: string, body: unknown = null): ContextOverflow | null {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof record.code === 'string' ? record.code : '';
  const type = typeof record.type === 'string' ? record.type : '';
  const known =
    code === 'context_length_exceeded' || type === 'exceed_context_size_error' || WORDINGS.some((w) => w.test(message));
  if (!known) return null;
  const window = field(record, 'n_ctx') ?? first(WINDOW, message);
  let requested = field(record, 'n_prompt_tokens') ?? first(REQUESTED, message);
  // TGI names both parts of the request: "Given: N `inputs` tokens and M `max_new_tokens`".
  const tgi = /Given: (\d+) `?inputs`? tokens and (\d+) `?max_new_tokens`?/i.exec(message);
  if (tgi) requested = Number(tgi[1]) + Number(tgi[2]);
  // Ollama says only by how much: "exceeded max context length by N tokens".
  const by = /by (\d+) tokens/i.exec(message);
  if (by && window !== null && requested === null) requested = window + Number(by[1]);
  return { window, requested };
}
