import { app, Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron';
import type { TrayAction, TrayMenuItem, TrayModel } from './tray-model';

/* The tray icon: renders the pure TrayModel into an Electron menu and routes its actions. */

export interface TrayOptions {
  iconPath: string;
  onAction(action: TrayAction): void;
  /** Folders dropped on the tray icon (macOS). */
  onDropFiles(paths: string[]): void;
}

function toTemplate(items: readonly TrayMenuItem[], onAction: (action: TrayAction) => void): MenuItemConstructorOptions[] {
  return items.map((item): MenuItemConstructorOptions => {
    switch (item.kind) {
      case 'separator':
        return { type: 'separator' };
      case 'label':
        return { label: item.label, enabled: false };
      case 'action':
        return { label: item.label, click: () => onAction(item.action) };
      case 'submenu':
        return { label: item.label, submenu: toTemplate(item.items, onAction) };
    }
  });
}

export function createTray(options: TrayOptions): { update(model: TrayModel): void; dispose(): void } {
  const image = nativeImage.createFromPath(options.iconPath);
  if (process.platform === 'darwin') image.setTemplateImage(true);
  const tray = new Tray(image);
  tray.setToolTip('Paragents');
  tray.on('drop-files', (_event, files) => options.onDropFiles(files));
  if (process.platform === 'win32') tray.on('click', () => options.onAction({ kind: 'show' }));

  return {
    update(model) {
      tray.setToolTip(model.tooltip);
      if (process.platform === 'darwin') tray.setTitle(model.title);
      tray.setContextMenu(Menu.buildFromTemplate(toTemplate(model.menu, options.onAction)));
      app.setBadgeCount(model.badgeCount);
    },
    dispose() {
      app.setBadgeCount(0);
      tray.destroy();
    },
  };
}
