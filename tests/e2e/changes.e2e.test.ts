// Reviewing a session's changes end to end in real Chromium, in English and in 简体中文 (the browser's locale): real
// engine, browser host, scripted model server over HTTP. A session writes two files; the person opens Changes,
// reverts one file (it is back on disk), comments on lines of the other and sends the comments, which the
// session's next prompt quotes as the model receives it. An isolated session is merged into its base branch after
// the preview. In 简体中文 each screen is checked for visible English catalog text. Screenshots of each step go to
// a scratch folder; UPDATE_SCREENSHOTS=1 refreshes docs/screenshots/<lang>/ (and the README's English ones).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled, unwrap } from '../helpers/engine';
import { haveChromium, screenshotDir, writeModelConfig } from './harness';
import { openLangPanel, useWalkFixture, WALKS, type LangPanel } from './lang-panel';

const SHOTS = screenshotDir();

const APP_BEFORE = ['export function total(items: number[]): number {', '  let sum = 0;', '  for (const i of items) sum += i;', '  return sum;', '}', ''].join('\n');
const APP_AFTER = ['export function total(items: number[]): number {', '  let sum = 1;', '  for (const i of items) sum *= i;', '  return sum;', '}', 'export const answer = 42;', ''].join('\n');
const CONFIG_BEFORE = '{ "port": 8080 }\n';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }).trim();

describe.skipIf(!haveChromium())('changes review in Chromium', () => {
  const fx = useWalkFixture('changes', {
    models: ['scripted-model'],
    rules: [
      { when: 'Please address these review comments', steps: [{ content: 'I will address both comments.' }] },
      {
        when: 'tune:',
        steps: [
          { toolCalls: [{ name: 'Read', arguments: { path: 'app.ts' } }, { name: 'Read', arguments: { path: 'config.json' } }] },
          { toolCalls: [{ name: 'Write', arguments: { path: 'app.ts', content: APP_AFTER } }, { name: 'Write', arguments: { path: 'config.json', content: '{ "port": 9090 }\n' } }] },
          { content: 'Changed app.ts and config.json.' },
        ],
      },
      {
        when: 'feature:',
        steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'feature.txt', content: 'a feature\n' } }] }, { content: 'Wrote feature.txt.' }],
      },
    ],
  });

  describe.each(WALKS)('in $lang', ({ lang, locale }) => {
    let panel: LangPanel;
    let page: Page;
    const plain = () => join(fx.dir, lang, 'plain');
    const repo = () => join(fx.dir, lang, 'repo');

    beforeAll(async () => {
      mkdirSync(plain(), { recursive: true });
      writeFileSync(join(plain(), 'app.ts'), APP_BEFORE);
      writeFileSync(join(plain(), 'config.json'), CONFIG_BEFORE);
      mkdirSync(repo());
      git(repo(), 'init', '--quiet', '--initial-branch=main');
      git(repo(), 'config', 'user.name', 'Test User');
      git(repo(), 'config', 'user.email', 'test@example.com');
      git(repo(), 'config', 'commit.gpgsign', 'false');
      writeFileSync(join(repo(), 'README.md'), '# repo\n');
      git(repo(), 'add', '-A');
      git(repo(), 'commit', '--quiet', '-m', 'initial');
      const home = join(fx.dir, lang, 'home');
      writeModelConfig(home, fx.model.url);
      panel = await openLangPanel(fx.browser, { lang, locale, home, staticDir: fx.staticDir, approvals: 'all' });
      ({ page } = panel);
    }, 60_000);

    afterAll(async () => {
      await panel?.close();
    });

    const sessionButton = (name: string) => page.getByRole('list', { name: panel.t('sessions.list') }).getByRole('button', { name: new RegExp(`^${name}`) });
    const changedFiles = () => page.getByRole('list', { name: panel.said('changes.files', undefined, 'Changed files') });
    const status = () => page.locator('.changes-message');
    const fileRows = async () => (await changedFiles().getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

    async function run(session: string, text: string): Promise<void> {
      const p = unwrap(await panel.engine.handlers['prompt.send']({ session, text }));
      expect(await settled(panel.engine, p.id)).toBe('completed');
    }

    async function openChanges(name: string): Promise<void> {
      await sessionButton(name).click();
      await page.getByRole('tab', { name: panel.said('changes.tabs.changes', undefined, 'Changes'), exact: true }).click();
      await changedFiles().waitFor();
    }

    it('reverts one file, and sends two line comments that the next prompt quotes', async () => {
      const { engine, said, step } = panel;
      const s = unwrap(await engine.handlers['session.create']({ workspace: plain(), name: 'tuner' }));
      await run(s.id, 'tune: the total and the port');
      await page.goto(panel.web.url);
      await openChanges('tuner');
      const modified = said('changes.kind.modified', undefined, 'modified');
      await expect.poll(fileRows).toEqual([`app.ts ${modified} +3 −2`, `config.json ${modified} +1 −1`]);
      if (lang === 'en') expect(await fileRows()).toEqual(['app.ts modified +3 −2', 'config.json modified +1 −1']);

      // Revert config.json: the file is back as it was on disk, and app.ts is left as the session wrote it.
      await changedFiles().getByRole('button', { name: 'config.json', exact: true }).click();
      await page.getByRole('region', { name: 'config.json' }).waitFor();
      await page.getByRole('button', { name: said('changes.revert', undefined, 'Revert'), exact: true }).click();
      await expect.poll(() => status().textContent()).toBe(said('changes.reverted', { file: 'config.json' }, 'Reverted config.json.'));
      expect(readFileSync(join(plain(), 'config.json'), 'utf8')).toBe(CONFIG_BEFORE);
      expect(readFileSync(join(plain(), 'app.ts'), 'utf8')).toBe(APP_AFTER);
      await expect.poll(() => changedFiles().getByRole('listitem').count()).toBe(1);
      await step('changes-revert');

      // Two comments on app.ts: lines 2–3 by clicking a line number and Shift+clicking another, line 6 with the
      // diff view's "+" on that line.
      const diff = page.getByRole('region', { name: 'app.ts' });
      const addComment = () => diff.getByRole('button', { name: said('changes.addComment', undefined, 'Add comment') });
      await diff.locator('.diff-line-syntax-raw').first().waitFor();
      await diff.locator('[data-line-new-num="2"]').click();
      await diff.locator('[data-line-new-num="3"]').click({ modifiers: ['Shift'] });
      await diff.getByRole('button', { name: said('changes.commentOnLines', { from: 2, to: 3 }, 'Comment on lines 2–3') }).click();
      await diff.getByRole('textbox', { name: said('changes.commentLabel', { where: 'app.ts:2–3' }, 'Comment on app.ts:2–3') }).fill('The sum has to start at 0 and add.');
      await addComment().click();
      const row6 = diff.locator('tr', { has: page.locator('[data-line-new-num="6"]') });
      await row6.hover();
      await row6.locator('.diff-add-widget').click();
      await diff.getByRole('textbox', { name: said('changes.commentLabel', { where: 'app.ts:6' }, 'Comment on app.ts:6') }).fill('Where does 42 come from?');
      await addComment().click();
      const sendComments = page.getByRole('button', { name: said('changes.sendComments', undefined, 'Send comments'), exact: true });
      await expect.poll(() => sendComments.textContent()).toBe(lang === 'en' ? 'Send comments 2' : `${panel.t('changes.sendComments')} 2`);
      await page.getByRole('button', { name: said('changes.layout.split', undefined, 'Side by side'), exact: true }).click();
      await diff.locator('.split-diff-view').waitFor();
      await step('changes-comments');
      if (lang === 'en') await page.screenshot({ path: join(SHOTS, 'changes.png') });

      const before = fx.model.requests.length;
      await sendComments.click();
      const expected = [
        'Please address these review comments:',
        '',
        '- app.ts:2-3: The sum has to start at 0 and add.',
        '  >   let sum = 1;',
        '  >   for (const i of items) sum *= i;',
        '- app.ts:6: Where does 42 come from?',
        '  > export const answer = 42;',
      ].join('\n');
      // The transcript shows the prompt, and the model received it in the session's next turn.
      const transcript = page.getByRole('region', { name: said('transcript.label', undefined, 'Transcript'), exact: true });
      await transcript.getByText('I will address both comments.').waitFor({ timeout: 15_000 });
      expect(await transcript.innerText()).toContain('- app.ts:6: Where does 42 come from?');
      const chat = fx.model.requests.slice(before).find((r) => r.path.endsWith('/chat/completions'));
      const messages = (chat?.body as { messages: { role: string; content: string }[] }).messages;
      expect(messages.filter((m) => m.role === 'user').at(-1)?.content).toContain(expected);
      await step('changes-comments-sent');
    }, 90_000);

    it('merges an isolated session into its base branch after the preview', async () => {
      const { engine, said, step } = panel;
      const iso = unwrap(await engine.handlers['session.create']({ workspace: repo(), name: 'isolated', isolate: true }));
      await run(iso.id, 'feature: add feature.txt');
      await openChanges('isolated');
      await expect.poll(fileRows).toEqual([`feature.txt ${said('changes.kind.added', undefined, 'added')} +1 −0`]);
      await page.getByRole('button', { name: said('changes.merge', undefined, 'Merge'), exact: true }).click();
      const preview = page.getByRole('dialog', { name: said('changes.mergePreview', undefined, 'Merge preview') });
      await preview.getByText(said('changes.noConflicts', undefined, 'No file would conflict.')).waitFor();
      expect((await preview.locator('.merge-files li').allInnerTexts()).map((t) => t.trim())).toEqual(['feature.txt']);
      // Nothing is merged until the person confirms.
      expect(git(repo(), 'ls-tree', '--name-only', 'main')).toBe('README.md');
      await step('merge-preview');
      if (lang === 'en') await page.screenshot({ path: join(SHOTS, 'changes-merge.png') });
      const branch = git(repo(), 'for-each-ref', '--format=%(refname:short)', 'refs/heads/paragents/');
      expect(branch).toMatch(/^paragents\/\w+$/);
      await preview.getByRole('button', { name: said('changes.confirmMerge', undefined, 'Confirm merge'), exact: true }).click();
      await expect.poll(() => status().textContent()).toBe(said('changes.merged', { branch, base: 'main' }, `Merged ${branch} into main.`));
      expect(git(repo(), 'show', 'main:feature.txt')).toBe('a feature');
      // Merged work is not listed again: the list empties and says why.
      await page.getByText(said('changes.emptyBranch', { branch, base: 'main' }, `Nothing on ${branch} that main does not have: no changes yet, or all of them merged.`)).waitFor();
      expect(await changedFiles().count()).toBe(0);
      await step('merged');
    }, 90_000);
  });
});
