import type { Statement } from 'better-sqlite3';
import type { Db } from './db';

const byDb = new WeakMap<Db, Map<string, Statement>>();

/**
 * The prepared statement for `sql` on `db`, prepared on first use and kept with the connection: preparing costs
 * more than running the small queries the engine makes at every step. Shared by every class on the connection.
 */
export function prepared(db: Db, sql: string): Statement {
  let statements = byDb.get(db);
  if (!statements) byDb.set(db, (statements = new Map()));
  let stmt = statements.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    statements.set(sql, stmt);
  }
  return stmt;
}
