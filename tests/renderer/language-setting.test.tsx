// @vitest-environment jsdom
// The language switch against a fake EngineApi: it writes config.json's `language` through the engine and the
// panel's visible text changes at once; the engine's setting decides the language a page starts in.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LanguageState } from '../../shared/config';
import { translator } from '../../shared/i18n';
import { loadLanguage } from '../../renderer/i18n';
import { fakeApi, type FakeApi } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

const en = translator('en');
const zh = translator('zh-CN');

/** An engine holding the setting as config.json would: what was written last is what is read. */
function engineWith(initial: LanguageState): FakeApi & { state: () => LanguageState } {
  let state = initial;
  const fake = fakeApi({
    'config.language': () => ({ ok: true, value: state }),
    'config.setLanguage': ({ language }) => {
      state = { ...state, setting: language, problem: null };
      return { ok: true, value: state };
    },
  });
  return Object.assign(fake, { state: () => state });
}

const SYSTEM: LanguageState = { setting: 'system', override: null, problem: null };

beforeEach(() => localStorage.clear());
afterEach(async () => {
  cleanup();
  // The panel's i18n instance outlives a test: back to the system's language (jsdom's browser is English).
  await loadLanguage(fakeApi({ 'config.language': () => ({ ok: true, value: SYSTEM }) }).api);
});

async function openConfig(t: typeof en): Promise<HTMLElement> {
  await userEvent.setup().click(await screen.findByRole('button', { name: t('app.config') }));
  return screen.findByRole('region', { name: t('config.title') });
}

describe('the language switch writes the setting through the engine', () => {
  it('switches to 简体中文 at once, saves zh-CN, and goes back to the system with 跟随系统', async () => {
    const fake = engineWith(SYSTEM);
    await loadLanguage(fake.api);
    renderPanel(fake);
    const view = await openConfig(en);
    const select = within(view).getByRole('combobox', { name: en('settings.language') }) as HTMLSelectElement;
    expect(select.value).toBe('system');

    await userEvent.setup().selectOptions(select, 'zh-CN');
    expect(await screen.findByRole('heading', { name: zh('config.title') })).toBeTruthy();
    expect(screen.getByRole('button', { name: zh('app.config') })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
    await waitFor(() => expect(fake.state().setting).toBe('zh-CN'));
    expect(fake.calls.filter((c) => c.method === 'config.setLanguage').map((c) => c.input)).toEqual([{ language: 'zh-CN' }]);

    const again = screen.getByRole('combobox', { name: zh('settings.language') }) as HTMLSelectElement;
    expect(again.value).toBe('zh-CN');
    expect(within(again).getByRole('option', { name: zh('settings.languageSystem', { lang: 'English' }) })).toBeTruthy();
    await userEvent.setup().selectOptions(again, 'system');
    expect(await screen.findByRole('heading', { name: en('config.title') })).toBeTruthy();
    await waitFor(() => expect(fake.state().setting).toBe('system'));
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts in the language the engine holds, so a second browser shares the choice', async () => {
    const fake = engineWith({ setting: 'zh-CN', override: null, problem: null });
    await loadLanguage(fake.api);
    renderPanel(fake);
    const view = await openConfig(zh);
    expect((within(view).getByRole('combobox', { name: zh('settings.language') }) as HTMLSelectElement).value).toBe('zh-CN');
    expect(fake.calls.some((c) => c.method === 'config.setLanguage')).toBe(false);
  });

  it('shows PARAGENTS_LANG winning over the setting, and a wrong value in config.json', async () => {
    const fake = engineWith({ setting: 'zh-CN', override: 'en', problem: '/h/config.json: language: "fr" is not one of system, en, zh-CN, so the system\'s language is used.' });
    await loadLanguage(fake.api);
    renderPanel(fake);
    const view = await openConfig(en);
    expect(within(view).getByText(en('settings.languageOverridden', { lang: 'English' }))).toBeTruthy();
    expect(within(view).getByRole('alert').textContent).toContain('language: "fr" is not one of');
  });

  it('goes back to the saved language and says why when the engine cannot write config.json', async () => {
    const fake = fakeApi({
      'config.language': () => ({ ok: true, value: SYSTEM }),
      'config.setLanguage': () => ({ ok: false, error: { kind: 'config', message: '/h/config.json: cannot write: EACCES' } }),
    });
    await loadLanguage(fake.api);
    renderPanel(fake);
    const view = await openConfig(en);
    await userEvent.setup().selectOptions(within(view).getByRole('combobox', { name: en('settings.language') }), 'zh-CN');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(en('settings.languageNotSaved', { message: '/h/config.json: cannot write: EACCES' }));
    expect(screen.getByRole('heading', { name: en('config.title') })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: en('settings.language') }) as HTMLSelectElement).value).toBe('system');
  });
});
