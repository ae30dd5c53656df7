/**
 * Context windows of well-known model families, for endpoints whose model list does not say. Matched on the
 * model id without its vendor prefix ("openai/gpt-4o" → "gpt-4o"), first match wins, so the more specific
 * family comes first. Values are the smaller of what the family's members serve (a model that can stretch
 * its window with RoPE scaling is listed at its native size): a window too small costs an early compaction,
 * one too large costs a failed request.
 */
const FAMILIES: ReadonlyArray<readonly [RegExp, number]> = [
  // OpenAI
  [/^gpt-?5/, 272_000], // the input limit; the 400k total includes the answer
  [/^gpt-?4\.1/, 1_000_000],
  [/^(chatgpt-)?gpt-?4o|^chatgpt-4o/, 128_000],
  [/^gpt-?4\.5/, 128_000],
  [/^gpt-?4-?32k/, 32_768],
  [/^gpt-?4-?(turbo|1106|0125|vision)/, 128_000],
  [/^gpt-?4/, 8_192],
  [/^gpt-?3\.5-turbo-instruct/, 4_096],
  [/^gpt-?3\.5/, 16_385],
  [/^gpt-oss/, 131_072],
  [/^o1-(mini|preview)/, 128_000],
  [/^o[134](-|$)/, 200_000],
  // Anthropic
  [/^claude-(2|instant)/, 100_000],
  [/^claude/, 200_000],
  // Meta
  [/^(meta-)?llama-?3\.[1-3]/, 131_072],
  [/^(meta-)?llama-?4/, 131_072],
  [/^(meta-)?llama-?3/, 8_192],
  [/^(meta-)?llama-?2/, 4_096],
  // Alibaba
  [/^qwen-?3-?coder/, 262_144],
  [/^qwen-?(2\.5|2|3)/, 32_768],
  [/^qwq/, 32_768],
  // DeepSeek
  [/^deepseek-coder(?!-v2)/, 16_384],
  [/^deepseek/, 65_536],
  // Mistral
  [/^(mistral-large|mistral-nemo|open-mistral-nemo|ministral)/, 131_072],
  [/^(mistral|mixtral|codestral|devstral|open-mistral|open-mixtral)/, 32_768],
  // Google
  [/^gemma-?3/, 32_768],
  [/^gemma/, 8_192],
  [/^gemini/, 1_000_000],
  // Others often served locally
  [/^phi-?4/, 16_384],
  [/^phi-?3/, 4_096],
  [/^command-r/, 128_000],
];

/** The model id as the table matches it: lower case, without "vendor/" prefixes. */
export function modelFamilyName(model: string): string {
  return (model.split('/').at(-1) ?? model).trim().toLowerCase();
}

/** The built-in window for a model id, or null when its family is not known. */
export function tableWindow(model: string): number | null {
  const name = modelFamilyName(model);
  for (const [pattern, tokens] of FAMILIES) if (pattern.test(name)) return tokens;
  return null;
}
