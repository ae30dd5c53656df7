import { describe, expect, it } from 'vitest';
import { convertBody, htmlToMarkdown } from '../../main/core/tools/webfetch-convert';

const page = 'https://example.com/docs/guide/';

describe('htmlToMarkdown', () => {
  it('makes links absolute against the page or its <base href>, and drops script links', () => {
    expect(htmlToMarkdown('<p><a href="../api">api</a> <a href="javascript:void(0)">js</a></p>', page).text).toBe(
      '[api](https://example.com/docs/api) js',
    );
    expect(htmlToMarkdown('<base href="https://cdn.example.org/v2/"><p><a href="x">x</a></p>', page).text).toBe('[x](https://cdn.example.org/v2/x)');
  });

  it('keeps code blocks fenced and headings in atx style, without the page chrome that carries no text', () => {
    const html = '<h2>Usage</h2><pre><code>npm i x\n</code></pre><svg><text>drawn</text></svg><iframe src="/ad">ad</iframe><template>t</template>';
    expect(htmlToMarkdown(html, page)).toEqual({ title: null, text: '## Usage\n\n```\nnpm i x\n```' });
  });
});

describe('convertBody', () => {
  it('decodes HTML by its <meta charset> when the header names none', () => {
    const body = Buffer.concat([Buffer.from('<html><head><meta charset="windows-1252"><title>'), Buffer.from([0xe9, 0x74, 0xe9]), Buffer.from('</title></head><body>x</body></html>')]);
    expect(convertBody(body, 'text/html', page)).toEqual({ kind: 'markdown', title: 'été', text: 'x' });
  });

  it('sniffs a body sent without Content-Type', () => {
    expect(convertBody(Buffer.from('  <!DOCTYPE html><p>hi</p>'), undefined, page)).toEqual({ kind: 'markdown', title: null, text: 'hi' });
    expect(convertBody(Buffer.from('plain words'), undefined, page)).toEqual({ kind: 'text', text: 'plain words' });
    expect(convertBody(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]), undefined, page)).toEqual({ kind: 'binary', mediaType: 'unlabelled binary data' });
  });

  it('passes JSON, XML and other text types through, refuses other types', () => {
    expect(convertBody(Buffer.from('{"a":1}'), 'application/problem+json', page)).toEqual({ kind: 'text', text: '{"a":1}' });
    expect(convertBody(Buffer.from('<a/>'), 'application/xml; charset=utf-8', page)).toEqual({ kind: 'text', text: '<a/>' });
    expect(convertBody(Buffer.from('x: 1'), 'application/yaml', page)).toEqual({ kind: 'text', text: 'x: 1' });
    expect(convertBody(Buffer.from('%PDF-1.7'), 'application/pdf', page)).toEqual({ kind: 'binary', mediaType: 'application/pdf' });
  });

  it('falls back to UTF-8 for a charset it does not know', () => {
    expect(convertBody(Buffer.from('é'), 'text/plain; charset=x-unknown', page)).toEqual({ kind: 'text', text: 'é' });
  });
});
