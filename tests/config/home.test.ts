import { describe, expect, it } from 'vitest';
import { paragentsHome } from '../../main/core/config/home';

describe('paragentsHome', () => {
  it('prefers PARAGENTS_HOME on every platform', () => {
    expect(paragentsHome({ PARAGENTS_HOME: '/data/p' }, 'linux', '/home/u')).toBe('/data/p');
    expect(paragentsHome({ PARAGENTS_HOME: 'D:\\p', APPDATA: 'C:\\x' }, 'win32', 'C:\\Users\\u')).toBe('D:\\p');
  });

  it('uses XDG_CONFIG_HOME or ~/.config on Linux', () => {
    expect(paragentsHome({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/u')).toBe('/xdg/paragents');
    expect(paragentsHome({}, 'linux', '/home/u')).toBe('/home/u/.config/paragents');
    expect(paragentsHome({ XDG_CONFIG_HOME: 'relative' }, 'linux', '/home/u')).toBe('/home/u/.config/paragents');
  });

  it('uses Application Support on macOS and APPDATA on Windows', () => {
    expect(paragentsHome({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Application Support/Paragents');
    expect(paragentsHome({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32', 'C:\\Users\\u')).toBe('C:\\Users\\u\\AppData\\Roaming\\Paragents');
    expect(paragentsHome({}, 'win32', 'C:\\Users\\u')).toBe('C:\\Users\\u\\AppData\\Roaming\\Paragents');
  });
});
