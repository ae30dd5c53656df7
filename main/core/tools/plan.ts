import { PlanInput } from '../../../shared/plan';
import { defineTool } from './define';
import { ToolError } from './errors';

const MARK = { pending: '[ ]', in_progress: '[>]', completed: '[x]' } as const;

export const planTool = defineTool({
  name: 'Plan',
  description:
    'Keep a short plan of the task that the person watches live: send the whole list of steps each time (it replaces ' +
    'the previous one), each with content and status pending / in_progress / completed; at most one in_progress. ' +
    'Use it for tasks of three or more steps; mark a step completed as soon as it is done. Send an empty list to clear it.',
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
