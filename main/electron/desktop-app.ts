import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { app, safeStorage, session } from 'electron';
import { paragentsHome } from '../core/config';
import { hostEngine } from '../local/engine-host';
import { createHub, type Hub } from '../hub/hub';
import { makePrivateFolder } from '../core/store/private-files';
import { createGatewayHost, keychainTokenStore } from '../gateway';
import type { FocusRoute } from '../../shared/focus-route';
import { handleAppProtocol } from './app-protocol';
import { buildCsp } from './csp';
import { loadDesktopSettings } from './desktop-settings';
import { askTrust, createApprovalDialogs, pickFolders } from './dialogs';
import { registerDropIpc } from './drop-ipc';
import { registerEngineIpc } from './ipc';
import { createSenderCheck } from './ipc-sender';
import { withDesktopKeys } from './desktop-keys';
import { createKeyVault } from './key-vault';
import { installAppMenu } from './menu';
import { createNotifier } from './notify';
import { createSafeStorageSecretStore } from './secrets';
import { hardenAllWebContents, hardenSession } from './security';
import { APP_ENTRY_URL, APP_ORIGIN_PREFIX } from './security-policy';
import { createSessionSnapshotter } from './session-snapshot';
import { createTray } from './tray';
import { buildTrayModel, type TrayAction } from './tray-model';
import { createTrustStore } from './trust-store';
import { createAppWindow, type AppWindow } from './window';
import { createWindowStateStore } from './window-state-store';
import { createWorkspaceActions } from './workspace-actions';
import { pickLang, withLangParam } from '../../shared/i18n';

/*
 * The desktop composition root: builds the engine and every desktop integration around it, once the app is
 * ready. Returns what main.ts needs for the lifecycle: show the window, and the closers for a clean quit.
 */

export interface DesktopPaths {
  /** out/preload/index.cjs */
  preload: string;
  /** out/renderer */
  renderer: string;
  /** build/runtime-icons (dev) or resources/icons (packaged) */
  icons: string;
}

export interface DesktopApp {
  /** This machine's engine and the remote machines' engines, as one. */
  engine: Hub;
  showWindow(route?: FocusRoute): void;
  /** Run in order on quit; the engine closes last. */
  closers: Array<() => Promise<void> | void>;
}

const log = (message: string, error?: unknown): void => {
  console.error(`[paragents] ${message}`, ...(error === undefined ? [] : [error]));
};

export async function startDesktop(paths: DesktopPaths, quit: () => void): Promise<DesktopApp> {
  const home = paragentsHome(process.env, process.platform, homedir());
  // The data folder holds the transcripts and the keys: made for its owner alone.
  makePrivateFolder(home);
  const settings = loadDesktopSettings(home);

  const secrets = createSafeStorageSecretStore(safeStorage, process.platform);
  const vault = createKeyVault(home, secrets);
  const keys = await vault.envOverlay(process.env);
  for (const problem of keys.problems) log(`API keys: ${problem}`);
  // Kept by reference: keys saved later from the setup view are added to it (desktop-keys.ts).
  const engineEnv: Record<string, string | undefined> = { ...process.env, ...keys.env };
  // Listening on the data folder's local endpoint too: CLI commands started beside the app join this engine, so
  // their prompts and approvals show up live in the window and the tray.
  // The Telegram gateway: its token is kept in the keychain like API keys, and reaches it through engineEnv.
  const gateways = createGatewayHost({ home, env: engineEnv, tokens: keychainTokenStore(vault, engineEnv), log: (line) => log(line) });
  const hosted = await hostEngine({
    home,
    env: engineEnv,
    approvals: 'ask',
    gateway: gateways.handlers,
    tmpdir: tmpdir(),
    onInternalError: (name, error) => log(`endpoint request ${name} failed`, error),
  });
  if (hosted.endpointProblem) log(`paragents commands cannot join this engine: ${hosted.endpointProblem.message}`);
  // The panel, the tray, the notifications and the gateways all hold the hub: this machine's engine and the
  // engines of the remote machines in config.json, as one.
  const engine = createHub({ local: hosted.engine, home });
  gateways.start(engine);
  const handlers = withDesktopKeys(engine.handlers, { vault, secrets, env: engineEnv });

  const devUrl = !app.isPackaged && process.env.ELECTRON_RENDERER_URL ? new URL(process.env.ELECTRON_RENDERER_URL) : null;
  const appUrlPrefixes = [APP_ORIGIN_PREFIX, ...(devUrl ? [`${devUrl.origin}/`] : [])];
  const csp = buildCsp({ devServerOrigin: devUrl?.origin ?? null });
  const security = { appUrlPrefixes, csp, log: (message: string) => log(message) };
  hardenSession(session.defaultSession, security);
  hardenAllWebContents(security);
  const closeProtocol = handleAppProtocol(paths.renderer, csp);

  const windowIcon = process.platform === 'darwin' ? null : join(paths.icons, 'icon.png');
  const stateStore = createWindowStateStore(home);
  let appWindow: AppWindow | null = null;
  const liveWindow = (): AppWindow | null => (appWindow !== null && !appWindow.window.isDestroyed() ? appWindow : null);
  const ensureWindow = (): AppWindow => {
    const existing = liveWindow();
    if (existing !== null) return existing;
    const created = createAppWindow({
      preloadPath: paths.preload,
      iconPath: windowIcon,
      // The panel follows PARAGENTS_LANG, else the system's locale as Electron reports it.
      entryUrl: withLangParam(devUrl ? devUrl.href : APP_ENTRY_URL, pickLang(process.env.PARAGENTS_LANG, app.getLocale())),
      devTools: !app.isPackaged,
      stateStore,
    });
    appWindow = created;
    return created;
  };
  const showWindow = (route?: FocusRoute): void => ensureWindow().focus(route);

  const checkSender = createSenderCheck({
    windowWebContentsId: () => liveWindow()?.window.webContents.id ?? null,
    appUrlPrefixes,
  });
  const closeIpc = registerEngineIpc({
    handlers,
    onEvent: (listener) => engine.onEvent(listener),
    checkSender,
    target: () => liveWindow()?.window.webContents ?? null,
    log,
  });

  const workspaces = createWorkspaceActions({
    handlers: engine.handlers,
    trust: createTrustStore(home),
    askTrust: (folder) => askTrust(liveWindow()?.window ?? null, folder),
    opened: (created) => showWindow({ sessionId: created.id, approvalId: null }),
  });
  const closeDropIpc = registerDropIpc(checkSender, workspaces);
  const openFolder = async (): Promise<void> => {
    const folders = await pickFolders(liveWindow()?.window ?? null);
    if (folders.length > 0) await workspaces.openFolders(folders);
  };

  const answer = async (approvalId: string, answerValue: Parameters<typeof engine.handlers['approval.answer']>[0]['answer']) => {
    const result = await engine.handlers['approval.answer']({ approval: approvalId, answer: answerValue });
    if (!result.ok) log(`approval ${approvalId}: ${result.error.message}`);
  };

  const notifier = createNotifier({
    focusState: () => liveWindow()?.focusState() ?? { windowFocused: false, focusedSessionId: null },
    settings: () => ({ approvals: settings.notifyApprovals, turns: settings.notifyTurns }),
    onClick: (route) => showWindow(route),
    iconPath: windowIcon,
  });
  const approvalDialogs = createApprovalDialogs({
    enabled: () => settings.nativeApprovalDialog,
    parent: () => liveWindow()?.window ?? null,
    answer,
  });

  const onTrayAction = (action: TrayAction): void => {
    switch (action.kind) {
      case 'show':
        showWindow();
        return;
      case 'quit':
        quit();
        return;
      case 'open_folder':
        void openFolder();
        return;
      case 'focus':
        showWindow({ sessionId: action.sessionId, approvalId: action.approvalId });
        return;
      case 'answer':
        void answer(action.approvalId, action.answer);
        return;
    }
  };
  const tray = settings.tray
    ? createTray({
        iconPath: join(paths.icons, process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png'),
        onAction: onTrayAction,
        onDropFiles: (files) => void workspaces.openFolders(files),
      })
    : null;
  const snapshots = createSessionSnapshotter(engine.handlers, (snapshot) =>
    tray?.update(buildTrayModel(snapshot.sessions, snapshot.approvals)),
  );

  const unsubscribe = engine.onEvent((event) => {
    notifier.onEvent(event);
    approvalDialogs.onEvent(event);
    snapshots.onEvent(event);
  });
  void snapshots.refresh().catch((error: unknown) => log('tray refresh failed', error));

  installAppMenu({ openFolder: () => void openFolder(), devTools: !app.isPackaged });
  ensureWindow();

  return {
    engine,
    showWindow,
    closers: [
      () => {
        unsubscribe();
        snapshots.dispose();
        approvalDialogs.dispose();
        notifier.dispose();
        tray?.dispose();
        closeDropIpc();
        closeIpc();
      },
      () => gateways.stop(),
      // Remote engines keep running their turns unless their machine is set to stop when the app closes.
      () => engine.close({ appClosing: true }),
      // The local endpoint first (no new requests from other commands), then the engine.
      () => hosted.close(),
      () => closeProtocol(),
    ],
  };
}
