import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Store } from '../../main/core/store/store';
import { migrate, migrations } from '../../main/core/store/migrations';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

describe('migration 014 (recount assistant messages calling Write or Edit)', () => {
  it('clears the kept counts of assistant messages calling Write or Edit, and keeps every other count', () => {
    const file = join(tempDir(), 'old.db');
    const db = new Database(file);
    const at = migrations.findIndex((m) => m.version === 14);
    const older = migrations[at - 1]?.version ?? 0;
    expect(migrate(db, migrations.slice(0, at))).toBe(older);
    db.prepare(`INSERT INTO sessions (id, ref, workspace, created_at) VALUES ('s1', 'ref1', '/ws', 'now')`).run();
    const insert = db.prepare(`INSERT INTO messages (session_id, prompt_id, message_json, created_at, tokens) VALUES ('s1', NULL, ?, 'now', ?)`);
    const call = (name: string) => ({ id: `c-${name}`, type: 'function', function: { name, arguments: '{"path":"a.txt"}' } });
    insert.run(JSON.stringify({ role: 'user', content: 'write "name":"Write" for me' }), 11);
    insert.run(JSON.stringify({ role: 'assistant', content: null, tool_calls: [call('Write')] }), 751_901);
    insert.run(JSON.stringify({ role: 'assistant', content: null, tool_calls: [call('Edit')] }), 40_000);
    insert.run(JSON.stringify({ role: 'assistant', content: null, tool_calls: [call('Read')] }), 30);
    insert.run(JSON.stringify({ role: 'tool', tool_call_id: 'c-Write', content: 'Created a.txt' }), 12);
    db.close();

    const store = new Store(file); // opening migrates to the latest version
    expect(store.transcript.list('s1').map((m) => m.tokens)).toEqual([11, null, null, 30, 12]);
    store.close();
  });
});
