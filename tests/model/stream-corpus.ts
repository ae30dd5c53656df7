// The recorded provider streams in tests/fixtures/streams/ (see the README there for where each shape comes
// from) and what the model client must make of each one.
import { fileURLToPath } from 'node:url';
import type { ModelUsage } from '../../main/core/model/types';

export const STREAMS_DIR = fileURLToPath(new URL('../fixtures/streams/', import.meta.url));

export const streamPath = (file: string): string => `${STREAMS_DIR}${file}`;

export interface StreamCase {
  file: string;
  /** What the recording exercises, for the test name. */
  covers: string;
  content: string;
  reasoning: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  usage: ModelUsage | null;
  finishReason: string;
  model: string;
}

const usage = (promptTokens: number, completionTokens: number, totalTokens: number): ModelUsage => ({ promptTokens, completionTokens, totalTokens });
const read = (id: string, path: string) => ({ id, name: 'Read', arguments: `{"path": "${path}"}` });

export const STREAM_CASES: StreamCase[] = [
  {
    file: 'openai-parallel-tool-calls.sse',
    covers: 'OpenAI: parallel tool calls, usage-only final chunk',
    content: '',
    reasoning: '',
    toolCalls: [read('call_Rk3mVh9TqLw2YdPq7nXc0aJs', 'a.txt'), read('call_Zp8LfW2nQb5sTx1cVy6mHd3K', 'b.txt')],
    usage: usage(96, 52, 148),
    finishReason: 'tool_calls',
    model: 'gpt-4o-2024-08-06',
  },
  {
    file: 'openai-text.sse',
    covers: 'OpenAI: text, usage-only final chunk',
    content: 'Both files hold a one-line greeting.',
    reasoning: '',
    toolCalls: [],
    usage: usage(171, 8, 179),
    finishReason: 'stop',
    model: 'gpt-4o-2024-08-06',
  },
  {
    file: 'azure-content-filter.sse',
    covers: 'Azure: placeholder first chunk (choices: [], prompt_filter_results), content-filter chunks',
    content: 'The capital of France is Paris.',
    reasoning: '',
    toolCalls: [],
    usage: usage(14, 7, 21),
    finishReason: 'stop',
    model: 'gpt-4o-2024-11-20',
  },
  {
    file: 'azure-content-filtered.sse',
    covers: 'Azure: an answer cut by the content filter',
    content: 'Here is how',
    reasoning: '',
    toolCalls: [],
    usage: usage(19, 3, 22),
    finishReason: 'content_filter',
    model: 'gpt-4o-2024-11-20',
  },
  {
    file: 'deepseek-reasoner.sse',
    covers: 'DeepSeek: reasoning_content, then content',
    content: '9.9 is larger.',
    reasoning: 'Compare the tenths: 9.90 has 90 hundredths, 9.11 has 11.',
    toolCalls: [],
    usage: usage(17, 61, 78),
    finishReason: 'stop',
    model: 'deepseek-reasoner',
  },
  {
    file: 'xai-grok-reasoning-tool-call.sse',
    covers: 'xAI: reasoning_content, a whole tool call in one delta, total_tokens that counts reasoning',
    content: '',
    reasoning: 'The user wants the files listed; call LS.',
    toolCalls: [{ id: 'call_62407351', name: 'LS', arguments: '{"path":"."}' }],
    usage: usage(288, 24, 498),
    finishReason: 'tool_calls',
    model: 'grok-3-mini',
  },
  {
    file: 'groq-reasoning-x-groq-usage.sse',
    covers: 'Groq: delta.reasoning, usage only in x_groq',
    content: '12 × 12 = 144',
    reasoning: 'Okay, 12 times 12 is 144.',
    toolCalls: [],
    usage: usage(16, 29, 45),
    finishReason: 'stop',
    model: 'qwen/qwen3-32b',
  },
  {
    file: 'mistral-thinking-array-content.sse',
    covers: 'Mistral: content as an array of thinking and text parts',
    content: '391',
    reasoning: 'Multiply 17 by 23: 17 × 20 = 340, 17 × 3 = 51, 340 + 51 = 391.',
    toolCalls: [],
    usage: usage(24, 74, 98),
    finishReason: 'stop',
    model: 'magistral-medium-2507',
  },
  {
    file: 'mistral-tool-calls-no-index.sse',
    covers: 'Mistral: tool calls without index, two in one delta',
    content: '',
    reasoning: '',
    toolCalls: [read('Xk2pQ9mTz', 'a.txt'), read('Bv7nR4wLs', 'b.txt')],
    usage: usage(131, 31, 162),
    finishReason: 'tool_calls',
    model: 'mistral-small-latest',
  },
  {
    file: 'qwen-thinking-tool-calls.sse',
    covers: 'Qwen: reasoning_content, continuation deltas with "id": "", usage on every chunk',
    content: '',
    reasoning: 'I should read both files.',
    toolCalls: [read('call_8e1f0c2d4b6a48e9a3c5d7', 'a.txt'), read('call_2b4d6f8a0c1e43a5b7c9e1', 'b.txt')],
    usage: usage(230, 12, 242),
    finishReason: 'tool_calls',
    model: 'qwen-plus',
  },
  {
    file: 'qwen-thinking-answer.sse',
    covers: 'Qwen: reasoning then answer, usage on every chunk (the last wins)',
    content: 'Both files hold a greeting.',
    reasoning: 'Both results came back.',
    toolCalls: [],
    usage: usage(312, 13, 325),
    finishReason: 'stop',
    model: 'qwen-plus',
  },
  {
    file: 'perplexity-sonar-citations.sse',
    covers: 'Perplexity: usage on every chunk, the cumulative message beside each delta, no [DONE]',
    content: 'Rust 1.0 was released on May 15, 2015[1].',
    reasoning: '',
    toolCalls: [],
    usage: usage(9, 10, 19),
    finishReason: 'stop',
    model: 'sonar',
  },
  {
    file: 'anthropic-openai-compat-tool-calls.sse',
    covers: "Anthropic's OpenAI-compatible endpoint: text, then parallel tool calls indexed from 1",
    content: "I'll read both files.",
    reasoning: '',
    toolCalls: [
      read('toolu_01A2b3C4d5E6f7G8h9J0kLmN', 'a.txt'),
      read('toolu_01P9o8I7u6Y5t4R3e2W1qAsD', 'b.txt'),
    ],
    usage: null,
    finishReason: 'tool_calls',
    model: 'claude-sonnet-4-5-20250929',
  },
  {
    file: 'anthropic-openai-compat-text.sse',
    covers: "Anthropic's OpenAI-compatible endpoint: text",
    content: 'Both files hold a greeting.',
    reasoning: '',
    toolCalls: [],
    usage: null,
    finishReason: 'stop',
    model: 'claude-sonnet-4-5-20250929',
  },
  {
    file: 'openrouter-reasoning-details.sse',
    covers: 'OpenRouter: comment lines, reasoning with reasoning_details carrying the same text, encrypted details',
    content: '9.9 is bigger.',
    reasoning: '9.9 is 9.90, which exceeds 9.11.',
    toolCalls: [],
    usage: usage(44, 73, 117),
    finishReason: 'stop',
    model: 'anthropic/claude-sonnet-4',
  },
  {
    file: 'compatible-empty-tool-calls.sse',
    covers: 'an OpenAI-compatible server sending tool_calls: [] on every delta, with reasoning_content',
    content: 'Hello!',
    reasoning: 'Think briefly.',
    toolCalls: [],
    usage: null,
    finishReason: 'stop',
    model: 'glm-4.5-air',
  },
];
