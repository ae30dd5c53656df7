import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_ORIGIN_PREFIX,
  externalOpenTarget,
  isNavigationAllowed,
  isPermissionGranted,
  mimeTypeOf,
  resolveAppAsset,
} from '../../main/electron/security-policy';

const prefixes = [APP_ORIGIN_PREFIX];

describe('security policy', () => {
  it('allows navigation only within the app', () => {
    expect(isNavigationAllowed(APP_ENTRY_URL, prefixes)).toBe(true);
    for (const url of ['https://example.com/', 'file:///etc/passwd', 'app://other/index.html', 'javascript:alert(1)', 'not a url']) {
      expect(isNavigationAllowed(url, prefixes)).toBe(false);
    }
  });

  it('sends only plain web links to the system browser', () => {
    expect(externalOpenTarget('https://docs.example.com/a?b=1')).toBe('https://docs.example.com/a?b=1');
    for (const url of ['file:///etc/passwd', 'smb://host/share', 'javascript:alert(1)', 'https://user:pw@example.com/', 'ms-settings:', '']) {
      expect(externalOpenTarget(url)).toBeNull();
    }
  });

  it('denies every permission except clipboard writes from the app', () => {
    expect(isPermissionGranted('clipboard-sanitized-write', APP_ENTRY_URL, prefixes)).toBe(true);
    expect(isPermissionGranted('clipboard-sanitized-write', 'https://evil.example/', prefixes)).toBe(false);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'hid']) {
      expect(isPermissionGranted(permission, APP_ENTRY_URL, prefixes)).toBe(false);
    }
  });

  it('maps app:// URLs onto the renderer folder and nothing outside it', () => {
    const root = resolve('/srv/out/renderer');
    expect(resolveAppAsset('app://paragents/', root)).toBe(join(root, 'index.html'));
    expect(resolveAppAsset('app://paragents/index.html', root)).toBe(join(root, 'index.html'));
    expect(resolveAppAsset('app://paragents/assets/index-abc.js?v=1#x', root)).toBe(join(root, 'assets', 'index-abc.js'));
    // Dot segments are resolved by the URL parser itself, so they stay inside the root.
    expect(resolveAppAsset('app://paragents/../../etc/passwd', root)).toBe(join(root, 'etc', 'passwd'));
    expect(resolveAppAsset('app://paragents/%2e%2e/%2e%2e/etc/passwd', root)).toBe(join(root, 'etc', 'passwd'));
    for (const url of [
      'app://paragents/assets/..%2f..%2f..%2fetc%2fpasswd',
      'app://paragents/%2e%2e%2fsecret',
      'app://paragents/a%00.js',
      'app://paragents/..\\..\\x',
      'app://other/index.html',
      'https://paragents/index.html',
    ]) {
      expect(resolveAppAsset(url, root), url).toBeNull();
    }
  });

  it('serves the renderer with proper content types', () => {
    expect(mimeTypeOf('/a/index.html')).toMatch(/^text\/html/);
    expect(mimeTypeOf('/a/x.js')).toMatch(/^text\/javascript/);
    expect(mimeTypeOf('/a/x.wasm')).toBe('application/wasm');
    expect(mimeTypeOf('/a/x.unknown')).toBe('application/octet-stream');
  });
});
