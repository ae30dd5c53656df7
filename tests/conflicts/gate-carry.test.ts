import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConflictContext } from '../../main/core/conflicts';
import { createConflictGate } from '../../main/core/conflicts/gate';
import { SlotLease, Slots } from '../../main/core/kernel/slots';
import { createShellAnalyzer } from '../../main/core/policy/shell/analyze';

import { ConflictStore } from '../../main/core/conflicts/conflict-store';
import { StampBook } from '../../main/core/conflicts/stamp-book';
import { createCallPreparer } from '../../main/core/policy/prepare';
import { parseToolCall } from '../../main/core/tools';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { openTestStore, promptAt } from '../helpers/prompt-moves';

afterEach(() => cleanupTempDirs());

describe('precheck → beforeCall carry-over', () => {
  it('is matched by prompt and call id, not by the identity of the input or the prepared call', async () => {
    const ws = tempDir();
    const t = openTestStore(join(tempDir(), 'paragents.db'));
    const { store, db } = t;
    try {
      const { bus } = t;
      // `--on-conflict override`: every lease conflict is recorded and let through without a person.
      const ctx = createConflictContext({
        store,
        bus,
        prompts: t.prompts,
        auto: 'override',
        kick: () => undefined,
        abort: () => false,
        ended: () => false,
        exclusivePatterns: () => [],
        host: { home: ws, env: { HOME: ws } },
        cstore: new ConflictStore(db),
        // The check alone: read stamps kept in memory, out of SQLite.
        stamps: new StampBook(),
      });
      const gate = createConflictGate(ctx);
      const other = store.sessions.create({ workspace: ws, name: 'other', mode: 'default' });
      const holder = promptAt(t, other.id, 'theirs');
      ctx.leases.grant(join(ws, 'shared.txt'), { sessionId: other.id, promptId: holder.id });
      const me = store.sessions.create({ workspace: ws, name: 'me', mode: 'default' });
      const mine = promptAt(t, me.id, 'mine');
      const preparer = createCallPreparer({ home: ws, shell: createShellAnalyzer() });
      const signal = new AbortController().signal;
      // Each call is parsed from the model's JSON afresh, so no two share an input or a prepared object.
      const gateCall = async (callId: string) => {
        const parsed = parseToolCall('Write', JSON.stringify({ path: 'shared.txt', content: 'mine' }));
        if (!parsed.ok) throw new Error(parsed.error.message);
        const prepared = await preparer.prepare(parsed.value.tool, parsed.value.input, ws);
        return { sessionId: me.id, promptId: mine.id, callId, prepared, signal, lease: new SlotLease(new Slots(1)) };
      };
      const raised = (): number => ctx.cstore.conflictsOf(mine.id).filter((c) => c.kind === 'write_write').length;
      const before = async (callId: string, carry: Parameters<typeof gate.beforeCall>[1]) => {
        const call = await gateCall(callId);
        const answer = await gate.beforeCall(call, carry);
        await gate.afterCall?.({ ...call, ok: false });
        return answer;
      };

      const pre = await gate.precheck(await gateCall('call_1'));
      if (!pre.proceed) throw new Error(pre.error);
      expect(pre.carry).toEqual({ promptId: mine.id, callId: 'call_1', overriddenPrompts: [holder.id], destructiveOverridden: false });
      expect(raised()).toBe(1);

      // The same call, approved: the override made at the precheck holds, nobody is asked again.
      expect(await before('call_1', pre.carry)).toEqual({ proceed: true });
      expect(raised()).toBe(1);
      // A carry handed to another call, or none at all: the conflict is raised again.
      expect(await before('call_2', pre.carry)).toEqual({ proceed: true });
      expect(raised()).toBe(2);
      expect(await before('call_1', null)).toEqual({ proceed: true });
      expect(raised()).toBe(3);
    } finally {
      store.close();
    }
  });
});
