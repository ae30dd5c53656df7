/**
 * A client that stops reading while events keep coming (a paused tab, a dead tunnel, a stopped terminal) is dropped
 * once this much waits unsent to it: the browser host's WebSocket and the local endpoint's socket alike. A client
 * that comes back reconnects and reads the stored events after the last seq it saw (`session.events`).
 */
export const MAX_UNSENT_BYTES = 64 * 1024 * 1024;
