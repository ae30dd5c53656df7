import { parseArgs } from 'node:util';
import { drivePrompts } from './drive-prompts';
import { cliText, engineError, parseArgsMessage } from './cli-text';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { usage } from './usage';
import { withEngine } from './with-engine';

export const RESUME_USAGE = 'paragents resume [SESSION] [--approve ask|all|never] [--on-conflict wait|override|block] [--json]';

/**
 * Resumes the turns a stopped process left interrupted — every session's, or one session's — headless, exactly as
 * the app resumes them: from the stored transcript, never running a finished tool call again, and reporting a
 * call that was cut off mid-run to the model as interrupted.
 */
export async function runResumeCommand(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { t } = text;
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        approve: { type: 'string', default: 'ask' },
        'on-conflict': { type: 'string', default: 'wait' },
        json: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (e) {
    io.stderr(`paragents resume: ${parseArgsMessage(text, e)}\n${usage(t, RESUME_USAGE)}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) {
    io.stderr(`paragents resume: ${t('cliSessions.atMostOne', { count: positionals.length })}\n${usage(t, RESUME_USAGE)}`);
    return EXIT_USAGE;
  }
  const approve = values.approve;
  if (approve !== 'ask' && approve !== 'all' && approve !== 'never') {
    io.stderr(`paragents resume: ${t('cliSessions.run.badApprove', { value: approve ?? '' })}`);
    return EXIT_USAGE;
  }
  const onConflict = values['on-conflict'];
  if (onConflict !== 'wait' && onConflict !== 'override' && onConflict !== 'block') {
    io.stderr(`paragents resume: ${t('cliSessions.run.badOnConflict', { value: onConflict ?? '' })}`);
    return EXIT_USAGE;
  }

  const wanted = positionals[0];
  const json = values.json ?? false;
  return withEngine(io, { name: 'resume', purpose: 'write', drivesPrompts: true }, async (link, interrupts) => {
    const h = link.handlers;
    let sessionIds: string[];
    if (wanted !== undefined) {
      const s = await h['session.get']({ session: wanted });
      if (!s.ok) {
        io.stderr(`paragents resume: ${engineError(io, s.error)}`);
        return EXIT_USAGE;
      }
      sessionIds = [s.value.id];
    } else {
      const all = await h['session.list']({});
      sessionIds = all.ok ? all.value.map((s) => s.id) : [];
    }
    let resumed = 0;
    const code = await drivePrompts(link, io, { json, approve, onConflict }, interrupts, async (track, settings) => {
      for (const id of sessionIds) {
        const s = await h['session.get']({ session: id });
        if (!s.ok) continue;
        for (const p of s.value.prompts) {
          if (p.status !== 'interrupted') continue;
          const r = await h['prompt.resume']({ prompt: p.id, ...settings });
          if (!r.ok) {
            io.stderr(`paragents resume: ${engineError(io, r.error)}`);
            continue;
          }
          resumed++;
          track(r.value);
        }
      }
      return null;
    });
    if (resumed === 0 && !json) io.stdout(wanted ? t('cliSessions.resume.nothingIn', { session: wanted }) : t('cliSessions.resume.nothing'));
    return resumed === 0 ? EXIT_OK : code;
  });
}
