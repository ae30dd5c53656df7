import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../main/electron/electron-binary';

const require = createRequire(import.meta.url);

interface BuilderConfig {
  appId: string;
  productName: string;
  asarUnpack: string[];
  electronFuses: Record<string, boolean>;
  linux: { target: string[] };
  mac: { target: string[] };
  win: { target: string[] };
}

describe('packaging config', () => {
  const yaml = require('js-yaml') as { load(text: string): unknown };
  const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as BuilderConfig;

  it('passes electron-builder’s own schema validation', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      validateConfiguration(config: unknown, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('names the app, its targets, unpacks the native module and turns off unneeded fuses', () => {
    expect(config.appId).toBe('dev.paragents.app');
    expect(config.productName).toBe('Paragents');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**/*');
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      grantFileProtocolExtraPrivileges: false,
      onlyLoadAppFromAsar: true,
    });
  });
});

describe('electron binary detection', () => {
  it('does not claim a binary that is not there', () => {
    const missing = findElectronBinary('/nonexistent-root');
    expect(missing).toEqual({ installed: false, reason: 'node_modules/electron is missing' });
    const overridden = findElectronBinary(process.cwd(), { ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent-dist' });
    expect(overridden.installed).toBe(false);
  });
});
