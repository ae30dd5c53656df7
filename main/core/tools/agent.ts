import { AgentInput } from '../../../shared/tools';
import { defineTool } from './define';

/**
 * Starts a child agent in its own session and returns, once the child is done and its changes were integrated (or
 * left for a person), its final answer with an account of what happened. The engine does the work (AgentRunner):
 * this file only says what the model sees.
 */
export const agentTool = defineTool({
  name: 'Agent',
  description:
    'Start a child agent in its own session to do one self-contained task, and wait for its final answer. ' +
    'Several Agent calls in one message run their children in parallel. The child sees only your `prompt` and the ' +
    'project instructions, so say everything it needs. In a git workspace a child works in its own worktree and its ' +
    'changes are merged into your workspace when it finishes; declare the files it will write in `outputs`, so ' +
    'children whose outputs overlap do not run at the same time. With `machine` (a configured remote machine) the ' +
    'child runs there, in a clone of this repository from its git remote at your HEAD commit, and its changes come ' +
    'back as a branch merged into your workspace. The result says how the child ended, the files it ' +
    'changed, how its changes were integrated, and how many of its calls were blocked or denied.',
  inputSchema: AgentInput,
  effects: (input) => [{ kind: 'agent', description: input.description }],
  async run(input, ctx) {
    if (!ctx.agents) return { ok: false, error: 'Agent: this engine cannot start child sessions here.' };
    return ctx.agents.run(input);
  },
});
