import type { EngineApi, Result } from '../../shared';
import type { Lang } from '../../shared/i18n';
import { transcriptMarkdown } from '../../shared/transcript-markdown';
import { markdownFileName } from './download';
import { historyEvents } from './session-history';

/**
 * A session's stored history as Markdown (the same document as `paragents sessions show --markdown`), with its
 * file name; headings and labels in the panel's language.
 */
export async function sessionMarkdown(
  api: EngineApi,
  session: { id: string; ref: string; name: string | null },
  lang: Lang = 'en',
): Promise<Result<{ filename: string; markdown: string }>> {
  const events = await historyEvents(api, session.id);
  if (!events.ok) return events;
  return { ok: true, value: { filename: markdownFileName(session), markdown: transcriptMarkdown(events.value, lang) } };
}
