import { basename } from 'node:path';
import { MAX_IMAGE_BYTES, type ImageUpload } from '../../shared/images';
import { english } from '../../shared/i18n/message';
import type { PromptSummary, SessionSummary } from '../../shared/models';
import { isTerminal } from '../../shared/status';
import { planLines } from './plan-lines';
import type { Translator } from '../../shared/i18n';
import type { HubContext } from './hub-context';
import { oneLine, sessionLabel } from './text';
import type { MessageRef } from './types';

/** The commands a chat can use, in the gateway's language (the commands themselves stay as typed). */
export const helpText = (t: Translator): string =>
  (['title', 'sessions', 's', 'new', 'cancel', 'status', 'unpair', 'reply'] as const).map((k) => t(`gateway.help.${k}`)).join('\n');

/** "/s@my_bot web-api fix it" → { name: 's', rest: 'web-api fix it' }. */
export function parseCommand(text: string): { name: string; rest: string } | null {
  const m = /^\/([A-Za-z0-9_]+)(?:@[A-Za-z0-9_]+)?(?:\s+([\s\S]*))?$/.exec(text.trim());
  return m ? { name: (m[1] as string).toLowerCase(), rest: (m[2] ?? '').trim() } : null;
}

/** The first word and the rest. */
const splitFirst = (text: string): [string, string] => {
  const m = /^(\S+)\s*([\s\S]*)$/.exec(text.trim());
  return m ? [m[1] as string, (m[2] ?? '').trim()] : ['', ''];
};

const ACTIVE_FIRST = ['running', 'waiting_approval', 'conflict', 'paused', 'interrupted', 'queued'] as const;

/** The prompts and sessions of the chat commands, all through the engine's requests. */
export class ChatCommands {
  /** The last answer of each session heard since the gateway started (else read from its events). */
  private readonly lastAnswers = new Map<string, string>();

  constructor(private readonly ctx: HubContext) {}

  heardAnswer(sessionId: string, content: string): void {
    this.lastAnswers.set(sessionId, content);
  }

  /** A command from a paired chat; false when it is not one of these. */
  async run(name: string, rest: string, at: MessageRef, images: readonly string[] = []): Promise<boolean> {
    switch (name) {
      case 'start':
      case 'help':
        await this.ctx.reply(at, helpText(this.ctx.t));
        return true;
      case 'sessions':
        await this.sessions(at);
        return true;
      case 's': {
        const [session, text] = splitFirst(rest);
        if (!session || (!text && images.length === 0)) await this.ctx.reply(at, this.ctx.t('gateway.chat.usageS'));
        else await this.prompt(session, text, at, images);
        return true;
      }
      case 'new':
        await this.create(rest, at);
        return true;
      case 'cancel':
        await this.cancel(rest, at);
        return true;
      case 'status':
        await this.status(rest, at);
        return true;
      default:
        return false;
    }
  }

  /**
   * Queues `text` to a session (a /s command, or a reply to one of its messages), with the photos sent with it
   * (fetched from the messenger; the engine checks them and whether the session's model sees images).
   */
  async prompt(session: string, text: string, at: MessageRef, photos: readonly string[] = []): Promise<void> {
    const h = this.ctx.engine.handlers;
    const images: ImageUpload[] = [];
    for (const [i, fileId] of photos.entries()) {
      const got = await this.ctx.adapter.download(fileId, MAX_IMAGE_BYTES);
      if (!got.ok) return void (await this.ctx.reply(at, this.ctx.t('gateway.chat.notSent', { error: oneLine(this.ctx.error({ message: english(got.problem), msg: got.problem }), 300) })));
      images.push({ name: `telegram-photo-${at.messageId}${photos.length > 1 ? `-${i + 1}` : ''}`, data: got.bytes.toString('base64') });
    }
    const said = text.trim() === '' ? this.ctx.t('gateway.chat.photoPrompt') : text;
    const sent = await h['prompt.send']({ session, text: said.slice(0, 200_000), ...(images.length > 0 ? { images } : {}) });
    if (!sent.ok) {
      await this.ctx.reply(at, this.ctx.t('gateway.chat.notSent', { error: oneLine(this.ctx.error(sent.error), 300) }));
      return;
    }
    const s = await h['session.get']({ session: sent.value.sessionId });
    const label = s.ok ? sessionLabel(s.value.name, s.value.ref) : session;
    const ahead = s.ok ? s.value.prompts.filter((p) => p.status === 'queued' && p.id !== sent.value.id).length : 0;
    await this.ctx.reply(
      at,
      this.ctx.t('gateway.chat.queuedTo', { session: label, ref: sent.value.ref, ahead: ahead > 0 ? this.ctx.t('gateway.chat.ahead', { count: ahead }) : '' }),
      sent.value.sessionId,
    );
  }

  private async sessions(at: MessageRef): Promise<void> {
    const list = await this.ctx.engine.handlers['session.list']({});
    if (!list.ok) return void (await this.ctx.reply(at, this.ctx.t('gateway.chat.cannotListSessions', { error: oneLine(this.ctx.error(list.error), 300) })));
    if (list.value.length === 0) return void (await this.ctx.reply(at, this.ctx.t('gateway.chat.noSessions')));
    const lines = list.value.map((s) => `• ${sessionLabel(s.name, s.ref)}: ${statusWords(this.ctx.t, s)}\n  ${oneLine(s.workspace, 200)}`);
    await this.ctx.reply(at, this.ctx.t('gateway.chat.sessions', { lines: lines.join('\n') }));
  }

  /** Only workspaces sessions have used before, and only trusted ones: a chat never names a new folder. */
  private async create(rest: string, at: MessageRef): Promise<void> {
    const [wanted, name] = splitFirst(rest);
    if (!wanted) return void (await this.ctx.reply(at, this.ctx.t('gateway.chat.usageNew')));
    const h = this.ctx.engine.handlers;
    const all = await h['session.list']({ includeClosed: true });
    if (!all.ok) return void (await this.ctx.reply(at, this.ctx.t('gateway.chat.cannotListWorkspaces', { error: oneLine(this.ctx.error(all.error), 300) })));
    const known = [...new Set(all.value.map((s) => s.workspace))];
    const exact = known.filter((w) => w === wanted);
    const picked = exact.length > 0 ? exact : known.filter((w) => basename(w) === wanted || w.endsWith(`/${wanted}`));
    const t = this.ctx.t;
    if (picked.length === 0) {
      const names = known.map((w) => basename(w)).join(', ') || t('gateway.chat.noneYet');
      return void (await this.ctx.reply(at, t('gateway.chat.noWorkspace', { wanted: oneLine(wanted, 100), known: names })));
    }
    if (picked.length > 1) return void (await this.ctx.reply(at, t('gateway.chat.severalWorkspaces', { wanted: oneLine(wanted, 100), list: picked.join(', ') })));
    const workspace = picked[0] as string;
    const rules = await h['policy.rules']({ workspace });
    if (!rules.ok || !rules.value.trusted) {
      return void (await this.ctx.reply(at, t('gateway.chat.untrusted', { workspace })));
    }
    const created = await h['session.create']({ workspace, ...(name ? { name: name.slice(0, 80) } : {}) });
    if (!created.ok) return void (await this.ctx.reply(at, t('gateway.chat.notCreated', { error: oneLine(this.ctx.error(created.error), 300) })));
    await this.ctx.reply(at, t('gateway.chat.created', { session: sessionLabel(created.value.name, created.value.ref), workspace }), created.value.id);
  }

  private async cancel(rest: string, at: MessageRef): Promise<void> {
    if (!rest) return void (await this.ctx.reply(at, this.ctx.t('gateway.chat.usageCancel')));
    const h = this.ctx.engine.handlers;
    const s = await h['session.get']({ session: rest });
    if (!s.ok) return void (await this.ctx.reply(at, oneLine(this.ctx.error(s.error), 300)));
    const current = currentPrompt(s.value.prompts);
    if (!current) return void (await this.ctx.reply(at, this.ctx.t('gateway.chat.nothingToCancel', { session: sessionLabel(s.value.name, s.value.ref) }), s.value.id));
    const r = await h['prompt.cancel']({ prompt: current.id });
    const left = s.value.prompts.filter((p) => p.status === 'queued' && p.id !== current.id).length;
    await this.ctx.reply(
      at,
      r.ok
        ? this.ctx.t('gateway.chat.cancelled', {
            ref: current.ref,
            session: sessionLabel(s.value.name, s.value.ref),
            left: left > 0 ? this.ctx.t('gateway.chat.stillQueued', { count: left }) : '',
          })
        : this.ctx.t('gateway.chat.notCancelled', { error: oneLine(this.ctx.error(r.error), 300) }),
      s.value.id,
    );
  }

  private async status(rest: string, at: MessageRef): Promise<void> {
    if (!rest) return void (await this.ctx.reply(at, this.ctx.t('gateway.chat.usageStatus')));
    const h = this.ctx.engine.handlers;
    const s = await h['session.get']({ session: rest });
    if (!s.ok) return void (await this.ctx.reply(at, oneLine(this.ctx.error(s.error), 300)));
    const queued = s.value.prompts.filter((p) => p.status === 'queued');
    const last = this.lastAnswers.get(s.value.id) ?? (await this.readLastAnswer(s.value.id));
    const t = this.ctx.t;
    const lines = [
      `${sessionLabel(s.value.name, s.value.ref)}: ${statusWords(t, s.value)}`,
      t('gateway.chat.workspace', { workspace: s.value.workspace }),
      ...planLines(s.value.plan, t),
      queued.length > 0 ? t('gateway.chat.queue', { list: queued.map((p, i) => `${i + 1}. ${oneLine(p.text, 200)}`).join('\n') }) : t('gateway.chat.queueEmpty'),
      last !== null ? t('gateway.chat.lastAnswer', { answer: last }) : t('gateway.chat.noAnswer'),
    ];
    // The whole answer: the messenger splits it or attaches it as a file when it is long.
    await this.ctx.reply(at, lines.join('\n'), s.value.id);
  }

  private async readLastAnswer(sessionId: string): Promise<string | null> {
    const events = await this.ctx.engine.handlers['session.events']({ session: sessionId });
    if (!events.ok) return null;
    for (let i = events.value.length - 1; i >= 0; i--) {
      const e = events.value[i];
      if (e?.type === 'turn_completed') return e.content;
    }
    return null;
  }
}

/** "running, 2 queued, 1 approval waiting". */
function statusWords(t: Translator, s: SessionSummary): string {
  const parts: string[] = [t(`gateway.chat.status.${s.status}`)];
  if (s.queueLength > 0) parts.push(t('gateway.chat.statusQueued', { count: s.queueLength }));
  if (s.pendingApprovals > 0) parts.push(t('gateway.chat.approvalsWaiting', { count: s.pendingApprovals }));
  return parts.join(', ');
}

/** The prompt a cancel is about: the one working or held, else the next queued. */
function currentPrompt(prompts: readonly PromptSummary[]): PromptSummary | null {
  for (const status of ACTIVE_FIRST) {
    const p = prompts.find((x) => x.status === status && !isTerminal(x.status));
    if (p) return p;
  }
  return null;
}
