/*
 * How much history the panel holds, apart from the code that uses it so that end-to-end tests in Node can size
 * their data from the same numbers without loading the panel's modules.
 */

/** `session.events` pages of this many events; one page fills several screens of a transcript. */
export const HISTORY_PAGE = 300;

/** Loaded histories kept for sessions that left the screen, besides the ones on it (most recently shown first). */
export const KEEP_HISTORIES = 8;
