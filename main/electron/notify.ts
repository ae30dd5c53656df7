import { Notification } from 'electron';
import type { EngineEvent } from '../../shared/events';
import type { FocusRoute } from '../../shared/focus-route';
import { notificationFor, notificationToDismiss, type FocusState, type NotificationSettings } from './notifications';

/*
 * Native notifications from engine events (the decisions are in notifications.ts). Shown notifications are
 * kept referenced until closed: a garbage-collected Notification loses its click handler.
 */

export interface NotifierOptions {
  focusState(): FocusState;
  settings(): NotificationSettings;
  onClick(route: FocusRoute): void;
  iconPath: string | null;
}

export function createNotifier(options: NotifierOptions): { onEvent(event: EngineEvent): void; dispose(): void } {
  const shown = new Map<string, Notification>();
  const supported = Notification.isSupported();

  const close = (key: string): void => {
    shown.get(key)?.close();
    shown.delete(key);
  };

  return {
    onEvent(event) {
      const dismiss = notificationToDismiss(event);
      if (dismiss !== null) close(dismiss);
      if (!supported) return;
      const intent = notificationFor(event, options.focusState(), options.settings());
      if (intent === null) return;
      close(intent.key);
      const notification = new Notification({
        title: intent.title,
        body: intent.body,
        silent: false,
        ...(options.iconPath ? { icon: options.iconPath } : {}),
      });
      notification.on('click', () => {
        options.onClick(intent.focus);
        close(intent.key);
      });
      notification.on('close', () => {
        if (shown.get(intent.key) === notification) shown.delete(intent.key);
      });
      shown.set(intent.key, notification);
      notification.show();
    },
    dispose() {
      for (const key of [...shown.keys()]) close(key);
    },
  };
}
