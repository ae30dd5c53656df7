import { createEngine, type Engine } from '../../main/core/engine';
import { configTokenStore, createGatewayHost, type GatewayHost } from '../../main/gateway';
import { startModelServer, type ModelServer, type Script } from '../fixtures/model-server';
import { startFakeTelegram, type BotMessage, type FakeTelegram, type Person } from '../fixtures/telegram-api-server';
import { unwrap } from '../helpers/engine';
import { makeHome } from '../helpers/temp';

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
}

/** A real engine on the scripted model, its gateway host, and the fake Bot API server the real grammY client talks to. */
export async function startHarness(o: HarnessOptions = {}): Promise<Harness> {
  const telegram = await startFakeTelegram();
  const model = await startModelServer(o.script ? { script: o.script } : {});
  const home = makeHome(model.url, {
    telegram: { ...(o.noToken ? {} : { token: telegram.token }), apiRoot: o.apiRoot ?? telegram.apiRoot, ...o.telegram },
  });
  const logs: string[] = [];
  const gateways = createGatewayHost({
    home,
    env: o.env ?? {},
    tokens: configTokenStore(home),
    log: (line) => logs.push(line),
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
