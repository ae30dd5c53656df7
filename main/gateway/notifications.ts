import type { EventOf } from '../../shared/events';
import { isTerminal } from '../../shared/status';
import type { HubContext } from './hub-context';
import { cut, oneLine, sessionLabel } from './text';

/** Session statuses with nothing left to do. */
const AT_REST = new Set(['idle', 'completed', 'failed']);

/** Turn ends and idle sessions as messages to the paired chats, as `telegram.notify` asks. */
export class Notifications {
  constructor(private readonly ctx: HubContext) {}

  async completed(e: EventOf<'turn_completed'>): Promise<void> {
    if (!this.ctx.notify().turnCompleted) return;
    const answer = e.content.trim() === '' ? this.ctx.t('gateway.note.noText') : cut(e.content, 1500);
    await this.ctx.broadcast({ text: this.ctx.t('gateway.note.finished', { session: sessionLabel(e.sessionName, e.sessionRef), answer }) }, { sessionId: e.sessionId });
  }

  async failed(e: EventOf<'turn_failed'>): Promise<void> {
    if (!this.ctx.notify().turnFailed) return;
    await this.ctx.broadcast({ text: this.ctx.t('gateway.note.failed', { session: sessionLabel(e.sessionName, e.sessionRef), error: oneLine(this.ctx.reason(e.error, e.errorMsg), 1000) }) }, { sessionId: e.sessionId });
  }

  /** After a prompt ends: the session's queue may have run empty. */
  async promptEnded(e: EventOf<'prompt_status'>): Promise<void> {
    if (!isTerminal(e.status) || !this.ctx.notify().idle) return;
    const s = await this.ctx.engine.handlers['session.get']({ session: e.sessionId });
    if (!s.ok || !AT_REST.has(s.value.status) || s.value.queueLength > 0) return;
    await this.ctx.broadcast({ text: this.ctx.t('gateway.note.idle', { session: sessionLabel(s.value.name, s.value.ref) }) }, { sessionId: e.sessionId });
  }
}
