import type { ImageRef } from '../../../shared/images';
import { imageTokens } from '../images/vision';
import { createRequire } from 'node:module';
import type { ChatMessage, ToolSpec } from '../model/types';
import { modelFamilyName } from './model-windows';

/** The two byte-pair encodings OpenAI's chat models use; other families are counted with the closer one. */
export type EncodingName = 'o200k_base' | 'cl100k_base';

export interface TokenCounter {
  /** The encoding used to count. */
  readonly encoding: string;
  /** True when `encoding` is the model's own tokenizer; otherwise the counts are an estimate. */
  readonly exact: boolean;
  /** The share of the window to keep free for the counting error: small when exact, larger for other tokenizers. */
  readonly margin: number;
  countText(text: string): number;
  /** The message as the API bills it: content, role, tool calls (id, name, arguments) and the per-message frame. */
  countMessage(m: ChatMessage): number;
  /** The tool definitions sent with each request. */
  countTools(specs: readonly ToolSpec[]): number;
}

/** Margin for a model counted with its own encoding. */
export const EXACT_MARGIN = 0.05;
/** Margin for families whose tokenizer is close to cl100k (large vocabularies built the same way). */
export const RELATED_MARGIN = 0.15;
/** Margin for unknown families and Claude, whose tokenizers are not public. */
export const UNKNOWN_MARGIN = 0.2;
/** Margin for families with a 32k SentencePiece vocabulary, which need more tokens for the same text. */
export const SMALL_VOCABULARY_MARGIN = 0.25;

/** Every chat message is framed by a few special tokens (start, role, separator, end). */
export const MESSAGE_OVERHEAD_TOKENS = 3;
/** Each request ends with the frame that primes the assistant's reply. */
export const REPLY_PRIMING_TOKENS = 3;
/** Around each tool call: its wrapper and the separators between name and arguments. */
const TOOL_CALL_OVERHEAD_TOKENS = 4;
/** Around each tool definition, and once around them all. */
const TOOL_SPEC_OVERHEAD_TOKENS = 8;
const TOOLS_OVERHEAD_TOKENS = 12;

/** Family (matched on the id without vendor prefix, first match wins) → encoding and margin. */
const FAMILIES: ReadonlyArray<readonly [RegExp, EncodingName, number]> = [
  [/^((chatgpt-)?gpt-?4o|chatgpt-4o|gpt-?4\.1|gpt-?4\.5|gpt-?5|o[134](-|$)|gpt-oss|codex)/, 'o200k_base', EXACT_MARGIN],
  [/^(gpt-?4|gpt-?3\.5|text-embedding)/, 'cl100k_base', EXACT_MARGIN],
  // Llama 3's vocabulary extends cl100k; Qwen's and DeepSeek's are byte-level BPEs of similar size.
  [/^((meta-)?llama-?[34]|qwen|qwq|deepseek|yi-)/, 'cl100k_base', RELATED_MARGIN],
  // Mistral's newer models use Tekken, a 131k tiktoken-style vocabulary.
  [/^(mistral-nemo|open-mistral-nemo|ministral|devstral|pixtral)/, 'cl100k_base', RELATED_MARGIN],
  [/^((meta-)?llama-?2|codellama|code-llama|mistral|mixtral|open-mistral|open-mixtral|codestral|phi-?3|tinyllama|vicuna)/, 'cl100k_base', SMALL_VOCABULARY_MARGIN],
  // Gemma's 256k vocabulary is closest to o200k.
  [/^(gemma|gemini)/, 'o200k_base', RELATED_MARGIN],
];

/** The encoding a model is counted with, and the margin its counts need. */
export function encodingFor(model: string): { encoding: EncodingName; exact: boolean; margin: number } {
  const name = modelFamilyName(model);
  for (const [pattern, encoding, margin] of FAMILIES) {
    if (pattern.test(name)) return { encoding, exact: margin === EXACT_MARGIN, margin };
  }
  return { encoding: 'cl100k_base', exact: false, margin: UNKNOWN_MARGIN };
}

/** What counting needs of a byte-pair encoding (gpt-tokenizer's encoding modules have it). */
export interface Encoder {
  countTokens(text: string, options: { disallowedSpecial: Set<string> }): number;
}

// The encodings are large (o200k's ranks are 2.4 MB of source, about 0.1 s to load): each is required on first
// use only, and Node's module cache makes every later counter reuse it.
const requireEncoding = createRequire(import.meta.url);
function loadEncoder(encoding: EncodingName): Encoder {
  switch (encoding) {
    case 'o200k_base':
      return requireEncoding('gpt-tokenizer/encoding/o200k_base') as Encoder;
    case 'cl100k_base':
      return requireEncoding('gpt-tokenizer/encoding/cl100k_base') as Encoder;
    default: {
      const never: never = encoding;
      return never;
    }
  }
}

// Text such as "<|endoftext|>" in a file the model read is ordinary text, not a control token.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Long texts are counted in pieces of about this many characters, cut at whitespace where possible: byte-pair
 * merging is quadratic in the length of one unbroken run (200 000 × "a" takes seconds whole, milliseconds in
 * pieces), and cutting adds at most a token per piece, which errs on the safe side.
 */
const PIECE_CHARS = 2048;

function countPieces(encoder: Encoder, text: string): number {
  if (text.length <= PIECE_CHARS) return encoder.countTokens(text, PLAIN_TEXT);
  let total = 0;
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + PIECE_CHARS, text.length);
    if (end < text.length) {
      const floor = start + (PIECE_CHARS * 3) / 4;
      for (let k = end; k > floor; k--) {
        if (/\s/.test(text[k - 1] as string)) {
          end = k;
          break;
        }
      }
    }
    total += encoder.countTokens(text.slice(start, end), PLAIN_TEXT);
    start = end;
  }
  return total;
}

/** Texts up to this many characters are tokenized whole; longer ones are estimated (see estimateTokens). */
export const EXACT_COUNT_CHARS = 64 * 1024;
/** An estimate tokenizes this many evenly spaced samples of a text… */
export const ESTIMATE_SAMPLES = 8;
/** …of this many characters each. */
export const ESTIMATE_SAMPLE_CHARS = 4096;

export interface TokenCounterOptions {
  /** The encoding to count with instead of the model's (tests hand in one that records what it is given). */
  encoder?: Encoder;
}

/**
 * The tokens of a text longer than EXACT_COUNT_CHARS, estimated: ESTIMATE_SAMPLES evenly spaced samples (the
 * start, the end and between) are tokenized and their tokens per character scaled to the whole length. Byte-pair
 * counting a whole 1 MB text takes seconds; this takes the same few milliseconds for any length, and a text of
 * one kind throughout (code, prose, another script) is estimated closely because each sample is like the rest.
 */
export function estimateTokens(text: string, countSample: (sample: string) => number): number {
  const last = text.length - ESTIMATE_SAMPLE_CHARS;
  let tokens = 0;
  let chars = 0;
  for (let i = 0; i < ESTIMATE_SAMPLES; i++) {
    const start = Math.floor((last * i) / (ESTIMATE_SAMPLES - 1));
    const sample = text.slice(start, start + ESTIMATE_SAMPLE_CHARS);
    tokens += countSample(sample);
    chars += sample.length;
  }
  return Math.ceil((tokens * text.length) / chars);
}

/** A counter for one model: the encoding of its family is loaded on the first count, not before. */
export function createTokenCounter(model: string, opts: TokenCounterOptions = {}): TokenCounter {
  const { encoding, exact, margin } = encodingFor(model);
  let encoder: Encoder | null = opts.encoder ?? null;
  // The engine sends the same tool definitions with every request: counted once per array.
  const toolCounts = new WeakMap<readonly ToolSpec[], number>();
  const countText = (text: string): number => {
    if (text === '') return 0;
    const enc = (encoder ??= loadEncoder(encoding));
    if (text.length <= EXACT_COUNT_CHARS) return countPieces(enc, text);
    return estimateTokens(text, (sample) => countPieces(enc, sample));
  };
  return {
    encoding,
    exact,
    margin,
    countText,
    countMessage(m) {
      let n = MESSAGE_OVERHEAD_TOKENS + countText(m.role);
      switch (m.role) {
        case 'system':
          return n + countText(m.content);
        case 'user':
          return n + countText(m.content) + imagesTokens(m.images);
        case 'assistant':
          n += countText(m.content ?? '');
          for (const call of m.tool_calls ?? []) {
            n += TOOL_CALL_OVERHEAD_TOKENS + countText(call.id) + countText(call.function.name) + countText(call.function.arguments);
          }
          return n;
        case 'tool':
          return n + countText(m.tool_call_id) + countText(m.content) + imagesTokens(m.images);
        default: {
          const never: never = m;
          return never;
        }
      }
    },
    countTools(specs) {
      if (specs.length === 0) return 0;
      const known = toolCounts.get(specs);
      if (known !== undefined) return known;
      // The JSON of a definition is longer than the form the model is shown, so this errs on the safe side.
      let n = TOOLS_OVERHEAD_TOKENS;
      for (const spec of specs) n += TOOL_SPEC_OVERHEAD_TOKENS + countText(JSON.stringify(spec.function));
      toolCounts.set(specs, n);
      return n;
    },
  };
}

/**
 * The engine's counters, one per model, built on first use. Create one per engine in the composition root and
 * pass it to whatever sizes requests.
 */
export interface TokenCounters {
  forModel(model: string): TokenCounter;
}

export function createTokenCounters(): TokenCounters {
  const counters = new Map<string, TokenCounter>();
  return {
    forModel(model) {
      let counter = counters.get(model);
      if (!counter) {
        counter = createTokenCounter(model);
        counters.set(model, counter);
      }
      return counter;
    },
  };
}

/** The images a message carries, as a vision model is charged for them (main/core/images/vision.ts). */
function imagesTokens(images: readonly ImageRef[] | undefined): number {
  let n = 0;
  for (const i of images ?? []) n += imageTokens(i.width, i.height);
  return n;
}
