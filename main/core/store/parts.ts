import type { Statement } from 'better-sqlite3';
import type { Db } from './db';
import type { Payloads } from './payloads';
import type { SearchIndex } from './search-index';
import { prepared } from './statements';
import type { Tx } from './tx';
import type { WrittenTexts } from './written-texts';

/** What the store's repositories share: the connection, its transaction wrapper, payloads, search and written texts. */
export interface StoreParts {
  db: Db;
  tx: Tx;
  payloads: Payloads;
  search: SearchIndex;
  written: WrittenTexts;
}

/** A repository's statement for `sql`, prepared once per connection (see statements.ts). */
export abstract class Repository {
  constructor(protected readonly parts: StoreParts) {}

  protected q(sql: string): Statement {
    return prepared(this.parts.db, sql);
  }
}
