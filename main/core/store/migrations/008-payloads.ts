import type { Migration } from './types';

/**
 * Long strings (a large file written by a tool, a long tool output) stored once by their sha256 and referenced
 * from the rows that hold them: the assistant message, the tool call, its event and its approval (see
 * main/core/store/payloads.ts). A plain rowid table: its rows are large, which WITHOUT ROWID tables handle badly.
 */
export const m008Payloads: Migration = {
  version: 8,
  name: 'storage: long strings stored once',
  sql: `
    CREATE TABLE payloads (
      sha256 TEXT NOT NULL UNIQUE,
      bytes INTEGER NOT NULL,
      text TEXT NOT NULL
    );
  `,
};
