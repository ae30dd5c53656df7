import type { RequestName } from './api';

/**
 * The IPC wire names between the preload and the main process. Pure (no electron import) so main/electron,
 * the preload and the tests all read the same names.
 */
export const REQUEST_CHANNEL_PREFIX = 'paragents:';

/** One invoke channel per contract request: `paragents:session.create`, ... */
export const requestChannel = (name: RequestName): string => `${REQUEST_CHANNEL_PREFIX}${name}`;

/** Engine events pushed from main to the window (payload: one `EngineEvent`). */
export const EVENT_CHANNEL = 'paragents:event';

/**
 * Desktop-only channels, used by the preload itself and never exposed to the page: paths of files dropped on
 * the window (main decides what they mean), and main asking the page to focus a session's card.
 */
export const DROP_CHANNEL = 'paragents-desktop:drop';
export const FOCUS_CHANNEL = 'paragents-desktop:focus';
