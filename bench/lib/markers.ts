// Markers embedded in the streamed answers: `mk<session:2><n:4>z`, e.g. mk07n0012z. The bench notes when the
// engine publishes the delta that completes each marker and when the page first shows it in the DOM.
import type { ScriptRule } from '../../tests/fixtures/model-server';

export const MARKER_SOURCE = 'mk(\\d{2})n(\\d{4})z';
const MARKER_LENGTH = 'mk00n0000z'.length;
const FILLER = 'Parallel sessions stream tokens at a fixed rate';

const pad = (n: number, width: number): string => String(n).padStart(width, '0');
export const promptFor = (session: number): string => `bench s${pad(session, 2)}: stream a long answer`;

/** A long markdown answer for one session: a heading, then paragraphs with a marker every ~55 characters. */
export function answerFor(session: number, chars: number): string {
  let text = `## Session ${pad(session, 2)}\n\n`;
  for (let n = 0; text.length < chars; n++) {
    text += `${FILLER} mk${pad(session, 2)}n${pad(n, 4)}z${n % 6 === 5 ? '.\n\n' : ' '}`;
  }
  return text;
}

export function benchRules(sessions: number, chars: number): ScriptRule[] {
  return Array.from({ length: sessions }, (_, i) => ({ when: `bench s${pad(i, 2)}:`, steps: [{ content: answerFor(i, chars) }] }));
}

/** Engine side: feed it every streamed delta; it keeps the epoch ms at which each marker was first complete. */
export class MarkerClock {
  readonly seen = new Map<string, number>();
  private readonly tails = new Map<string, string>();
  private readonly pattern = new RegExp(MARKER_SOURCE, 'g');

  delta(stream: string, text: string, at: number): void {
    const joined = (this.tails.get(stream) ?? '') + text;
    for (const m of joined.matchAll(this.pattern)) if (!this.seen.has(m[0])) this.seen.set(m[0], at);
    this.tails.set(stream, joined.slice(-(MARKER_LENGTH - 1)));
  }
}
