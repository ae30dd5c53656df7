import { describe, expect, it } from 'vitest';
import { readDelta } from '../../main/core/model/delta';

describe('readDelta', () => {
  it.each([
    ['string content', { content: 'hi' }, { text: 'hi', reasoning: '' }],
    ['null content', { content: null, role: 'assistant' }, { text: '', reasoning: '' }],
    ['no delta at all (an Azure content-filter chunk)', undefined, { text: '', reasoning: '' }],
    [
      'Mistral array content: thinking parts are reasoning, text parts the answer, in one delta',
      { content: [{ type: 'thinking', thinking: [{ type: 'text', text: '1.' }], closed: true }, { type: 'text', text: '3' }] },
      { text: '3', reasoning: '1.' },
    ],
    ['a thinking part given as a string', { content: [{ type: 'thinking', thinking: 'hmm' }] }, { text: '', reasoning: 'hmm' }],
    [
      'parts of other types add nothing',
      { content: [{ type: 'reference', reference_ids: [1] }, { type: 'image_url', image_url: 'x' }, 'stray', null, { type: 'text', text: 'ok' }] },
      { text: 'ok', reasoning: '' },
    ],
    ['reasoning_content (DeepSeek, Qwen, xAI)', { content: null, reasoning_content: 'think' }, { text: '', reasoning: 'think' }],
    ['reasoning (Groq, OpenRouter)', { reasoning: 'think' }, { text: '', reasoning: 'think' }],
    [
      'reasoning and reasoning_details with the same text count once',
      { content: '', reasoning: 'once', reasoning_details: [{ type: 'reasoning.text', text: 'once' }] },
      { text: '', reasoning: 'once' },
    ],
    [
      'reasoning_content and reasoning with the same text count once',
      { reasoning_content: 'once', reasoning: 'once' },
      { text: '', reasoning: 'once' },
    ],
    [
      'reasoning_details alone: text and summary entries, encrypted ones carry nothing',
      {
        reasoning_details: [
          { type: 'reasoning.summary', summary: 'sum. ' },
          { type: 'reasoning.text', text: 'text.' },
          { type: 'reasoning.encrypted', data: 'xyz' },
          { type: 'reasoning.text', signature: 'sig' },
        ],
      },
      { text: '', reasoning: 'sum. text.' },
    ],
    ['empty reasoning fields are nothing', { content: 'a', reasoning_content: '', reasoning: null }, { text: 'a', reasoning: '' }],
  ])('%s', (_name, delta, expected) => {
    expect(readDelta(delta)).toEqual(expected);
  });
});
