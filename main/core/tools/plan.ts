import { PlanInput } from '../../../shared/plan';
import { defineTool } from './define';
import { ToolError } from './errors';

const MARK = { pending: '[ ]', in_progress: '[>]', completed: '[x]' } as const;

export const planTool = defineTool({
  name: 'Plan',
  description:
    'Keep the task\'s plan, which the person watches: send every step each time (it replaces the last one), each ' +
    'pending, in_progress (at most one) or completed. Use it for tasks of three or more steps; an empty list clears it.',
  inputSchema: PlanInput,
  effects: () => [{ kind: 'plan' }],
  async run(input, ctx) {
    if (!ctx.plans) throw new ToolError('Plan cannot be kept here: there is no session to keep it in.');
    ctx.plans.set(input.items);
    if (input.items.length === 0) return { ok: true, output: 'The plan is cleared.' };
    const done = input.items.filter((i) => i.status === 'completed').length;
    const lines = input.items.map((i, n) => `${n + 1}. ${MARK[i.status]} ${i.content}`);
    return { ok: true, output: [`Plan updated (${done}/${input.items.length} done):`, ...lines].join('\n') };
  },
});
