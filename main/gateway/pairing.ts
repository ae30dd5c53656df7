import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { PairedChat, type GatewayKind, type PairCode } from '../../shared/gateway';

/** How long a pairing code is good for. */
export const PAIR_CODE_MS = 10 * 60_000;
/** Wrong guesses a code survives (from all chats together) before it is thrown away. */
const MAX_WRONG_GUESSES = 20;
// No 0/O, 1/I/L: the code is read off a screen and typed on a phone.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export type PairAttempt = 'paired' | 'wrong' | 'expired';

/** One pairing code at a time, good once for ten minutes; a new one replaces it. */
export class PairCodes {
  private current: { code: string; expiresAt: number; wrong: number } | null = null;

  constructor(private readonly clock: () => number) {}

  issue(): PairCode {
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    this.current = { code, expiresAt: this.clock() + PAIR_CODE_MS, wrong: 0 };
    return this.view() as PairCode;
  }

  /** The code waiting to be used, or null once used, expired or worn out by wrong guesses. */
  view(): PairCode | null {
    const c = this.current;
    if (!c || c.expiresAt <= this.clock()) return null;
    return { code: c.code, expiresAt: new Date(c.expiresAt).toISOString() };
  }

  /** Uses the code when `typed` is it (spaces, dashes and case ignored). */
  use(typed: string): PairAttempt {
    const c = this.current;
    const given = typed.replace(/[\s-]+/g, '').toUpperCase();
    if (!c) return 'wrong';
    if (given !== c.code) {
      if (++c.wrong >= MAX_WRONG_GUESSES) this.current = null;
      return 'wrong';
    }
    this.current = null;
    return c.expiresAt <= this.clock() ? 'expired' : 'paired';
  }
}

const ChatsFile = z.object({ version: z.literal(1), chats: z.array(PairedChat) });

/**
 * The paired chats of one gateway, in `<data folder>/gateway-<kind>.json` (mode 0600, written whole through a
 * temp file). Only chats listed here are ever served.
 */
export class PairedChats {
  readonly file: string;
  private chats: PairedChat[];

  constructor(home: string, kind: GatewayKind, private readonly log: (line: string) => void) {
    this.file = join(home, `gateway-${kind}.json`);
    this.chats = this.read();
  }

  list(): PairedChat[] {
    return [...this.chats];
  }

  has(chatId: string): boolean {
    return this.chats.some((c) => c.chatId === chatId);
  }

  add(chat: PairedChat): void {
    this.chats = [...this.chats.filter((c) => c.chatId !== chat.chatId), chat];
    this.write();
  }

  /** False when the chat was not paired. */
  remove(chatId: string): boolean {
    const before = this.chats.length;
    this.chats = this.chats.filter((c) => c.chatId !== chatId);
    if (this.chats.length === before) return false;
    this.write();
    return true;
  }

  private read(): PairedChat[] {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.log(`${this.file}: cannot read: ${(error as Error).message}`);
      return [];
    }
    try {
      const parsed = ChatsFile.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data.chats;
    } catch {
      // Reported below like a file of the wrong shape.
    }
    this.log(`${this.file}: not a list of paired chats; no chat is served until one pairs again`);
    return [];
  }

  private write(): void {
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(join(this.file, '..'), { recursive: true });
      writeFileSync(temp, `${JSON.stringify({ version: 1, chats: this.chats }, null, 2)}\n`, { mode: 0o600 });
      renameSync(temp, this.file);
    } catch (error) {
      rmSync(temp, { force: true });
      this.log(`${this.file}: cannot write: ${(error as Error).message}`);
    }
  }
}
