// The floor an engine built on the `openai` SDK stands on: the same streamed requests made with the bare SDK, as
// a small script would make them (iterate the stream, join the text and the tool calls' arguments), in the same
// process and run as the engine they are compared with. The requests are the engine's own, recorded by the
// scripted server, so the SDK sends the same bodies and reads the same streams.
import { readFileSync } from 'node:fs';
import OpenAI from 'openai';
import { cpuMsSince } from './cpu';

export interface SdkRun {
  /** CPU (ms) of this process over the whole run. */
  cpuMs: number;
  requests: number;
  /** Chunks the streams carried (content and tool-call deltas). */
  chunks: number;
}

/** The chat request bodies a server started with `record` wrote, in arrival order. */
export function recordedBodies(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Sends every body, `concurrency` at a time, each streamed to its end as an SDK user would read it. */
export async function replayWithSdk(baseURL: string, bodies: ReadonlyArray<Record<string, unknown>>, concurrency: number): Promise<SdkRun> {
  const client = new OpenAI({ baseURL, apiKey: 'k', maxRetries: 0 });
  let next = 0;
  let chunks = 0;
  const cpu0 = process.cpuUsage();
  const worker = async (): Promise<void> => {
    while (next < bodies.length) {
      const body = bodies[next++] as Record<string, unknown>;
      const stream = await client.chat.completions.create({ ...(body as unknown as OpenAI.ChatCompletionCreateParamsStreaming), stream: true });
      let text = '';
      const args: string[] = [];
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        if (!delta) continue;
        chunks++;
        if (delta.content) text += delta.content;
        for (const call of delta.tool_calls ?? []) args[call.index] = (args[call.index] ?? '') + (call.function?.arguments ?? '');
      }
      // What a script does with the answer: read the calls' arguments.
      for (const a of args) if (a) JSON.parse(a);
      void text;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { cpuMs: cpuMsSince(cpu0), requests: bodies.length, chunks };
}
