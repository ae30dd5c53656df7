import { createEngine, type Engine } from '../../main/core/engine';
import { configTokenStore, createGatewayHost, type GatewayHost } from '../../main/gateway';
import { startModelServer, type ModelServer, type Script } from '../fixtures/model-server';
import { startFakeTelegram, type BotMessage, type FakeTelegram, type Person } from '../fixtures/telegram-api-server';
import { unwrap } from '../helpers/engine';
import { makeHome } from '../helpers/temp';
import type { GatewayConnection, GatewayStatus } from '../../shared/gateway';

export const ADA: Person = { id: 1001, firstName: 'Ada', username: 'ada' };
export const EVE: Person = { id: 6666, firstName: 'Eve' };

export interface Harness {
  telegram: FakeTelegram;
  model: ModelServer;
  home: string;
  engine: Engine;
  gateways: GatewayHost;
  /** Every line the gateways logged. */
  logs: string[];
  /** Pairs the person's private chat through a code from `gateway.pairCode`. */
  pair(person: Person): Promise<void>;
  /** The first message the bot sent to the person that matches. */
  message(person: Person, what: string, match: (m: BotMessage) => boolean): Promise<BotMessage>;
  /** The first line the gateways logged that matches (now or later). */
  logged(match: (line: string) => boolean): Promise<string>;
  /** The Telegram gateway's status once its connection is `state`. */
  connection(state: GatewayConnection): Promise<GatewayStatus>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  script?: Script;
  clock?: () => number;
  /** More of config.json's `telegram` (notify settings); token and apiRoot point at the fake server. */
  telegram?: Record<string, unknown>;
  /** Leave the token out of config.json (a test sets it through gateway.setToken). */
  noToken?: boolean;
  apiRoot?: string;
  /** The gateway host's environment (PARAGENTS_LANG picks the language of its messages). */
  env?: Record<string, string>;
  /** The scripted provider marked as one that sees images. */
  vision?: boolean;
}

/** Waits for what the gateway does not announce (its connection state), looking every 20 ms: there is no event for it. */
async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A real engine on the scripted model, its gateway host, and the fake Bot API server the real grammY client talks to. */
export async function startHarness(o: HarnessOptions = {}): Promise<Harness> {
  const telegram = await startFakeTelegram();
  const model = await startModelServer(o.script ? { script: o.script } : {});
  const home = makeHome(model.url, {
    telegram: { ...(o.noToken ? {} : { token: telegram.token }), apiRoot: o.apiRoot ?? telegram.apiRoot, ...o.telegram },
    ...(o.vision ? { providers: [{ name: 'scripted', baseURL: model.url, model: 'scripted-model', apiKey: 'test-key', vision: true }] } : {}),
  });
  const logs: string[] = [];
  const logWatchers = new Set<(line: string) => void>();
  const gateways = createGatewayHost({
    home,
    env: o.env ?? {},
    tokens: configTokenStore(home),
    log: (line) => {
      logs.push(line);
      for (const watcher of [...logWatchers]) watcher(line);
    },
    ...(o.clock ? { clock: o.clock } : {}),
    telegram: { pollSeconds: 5, backoffMs: { first: 20, max: 200 } },
  });
  const engine = await createEngine({ home, env: {}, approvals: 'ask', gateway: gateways.handlers });
  gateways.start(engine);

  const message: Harness['message'] = (person, what, match) =>
    telegram.waitFor(what, () => telegram.messages.find((m) => m.chatId === person.id && match(m)));

  return {
    telegram,
    model,
    home,
    engine,
    gateways,
    logs,
    message,
    logged: (match) =>
      new Promise((resolve) => {
        const seen = logs.find(match);
        if (seen !== undefined) return resolve(seen);
        const watcher = (line: string): void => {
          if (!match(line)) return;
          logWatchers.delete(watcher);
          resolve(line);
        };
        logWatchers.add(watcher);
      }),
    connection: (state) =>
      until(`the connection to be ${state}`, async () => {
        const status = unwrap(await engine.handlers['gateway.status']({ gateway: 'telegram' }));
        return status.connection === state && status;
      }),
    async pair(person) {
      const code = unwrap(await engine.handlers['gateway.pairCode']({ gateway: 'telegram' }));
      telegram.say(person, `/pair ${code.code}`);
      await message(person, 'the pairing reply', (m) => m.text.startsWith('✅ Paired') || m.text.startsWith('✅ 已配对'));
    },
    async close() {
      await gateways.stop();
      await engine.close();
      await telegram.close();
      await model.close();
    },
  };
}
