/**
 * Set-up of the panel's files (vitest project `dom`, on jsdom), which wait for the panel with testing-library's
 * find and waitFor queries. The suite runs two workers per core (most files spend their time waiting for child
 * processes, sockets and browsers), so a CPU-heavy jsdom file can get half a core for a while: the queries then
 * wait up to 10 s (instead of 1 s) before failing, which only lengthens a run that is failing anyway. The module
 * is named through a variable so the Node typecheck, which includes this file, does not take in its DOM types.
 */
const DOM_LIBRARY = '@testing-library/react';

interface DomLibrary {
  configure(options: { asyncUtilTimeout: number }): void;
}

const { configure } = (await import(DOM_LIBRARY)) as DomLibrary;
configure({ asyncUtilTimeout: 10_000 });

export {};
