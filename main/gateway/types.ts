import type { RequestHandlers } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';
import type { GatewayConnection } from '../../shared/gateway';
import type { Msg } from '../../shared/i18n/message';

/*
 * A messenger gateway is the engine's contract seen from a chat app: it answers approvals and sends prompts
 * through the same requests as the panel, and shows the engine's events as messages. The messenger-independent
 * part (hub.ts and its helpers) talks to the messenger through one `MessengerAdapter`; Telegram is one adapter.
 */

/** The engine as a gateway sees it: the contract's requests and its events, nothing more than the panel has. */
export interface GatewayEngine {
  readonly handlers: RequestHandlers;
  onEvent(listener: (event: EngineEvent) => void): () => void;
}

/** One messenger gateway of an engine: started by the host that holds the engine, stopped before it closes. */
export interface Gateway {
  start(): void;
  stop(): Promise<void>;
}

/** A message the messenger knows by its chat and its number in that chat. */
export interface MessageRef {
  chatId: string;
  messageId: number;
}

/** A button under a message. `id` is an opaque id the gateway maps to its action; the action never travels. */
export interface Button {
  text: string;
  id: string;
}

export interface OutgoingMessage {
  /** Plain text (no markup: much of it is written by the model). */
  text: string;
  /** Rows of buttons; an edit without buttons removes the ones the message had. */
  buttons?: Button[][];
  /** The message this one answers. */
  replyTo?: MessageRef;
}

/** Who sent an update: the chat it came from and how the messenger names the person. */
export interface Sender {
  chatId: string;
  /** Only private chats can be paired: in a group everyone could press the buttons. */
  privateChat: boolean;
  name: string;
}

export type Incoming =
  /** A text, or a photo with its caption as the text; `images` are the messenger's ids of the photos' files. */
  | { kind: 'text'; from: Sender; text: string; images: string[]; message: MessageRef; replyTo: MessageRef | null }
  | { kind: 'button'; from: Sender; id: string; message: MessageRef | null; queryId: string };

export interface AdapterState {
  connection: GatewayConnection;
  problem: string | null;
  /** The same sentence as data, when it is the engine's (absent when it is only what the system said). */
  problemMsg?: Msg;
  bot: string | null;
}

/** What a messenger adapter implements: a connection that delivers updates, and sending, editing, acknowledging. */
export interface MessengerAdapter {
  /** Connects and hands each update to `inbox`, one at a time, until stop(); reconnects with backoff. */
  start(inbox: (update: Incoming) => Promise<void>): void;
  stop(): Promise<void>;
  state(): AdapterState;
  /**
   * Sends a message, split or attached as a file when it is longer than the messenger allows. Resolves with what
   * was sent (the first is the message itself); empty when it could not be sent (the failure is logged).
   */
  send(chatId: string, message: OutgoingMessage): Promise<MessageRef[]>;
  /** Replaces a message's text and buttons (cut to the messenger's limit); false when it could not. */
  edit(ref: MessageRef, message: OutgoingMessage): Promise<boolean>;
  /** The bytes of a file the person sent (a photo), at most `maxBytes`; a sentence saying why not when it cannot. */
  download(fileId: string, maxBytes: number): Promise<{ ok: true; bytes: Buffer } | { ok: false; problem: Msg }>;
  /** Acknowledges a button press with a short notice the person sees. */
  answerButton(queryId: string, text: string): Promise<void>;
}

/** Where the gateway reports what went wrong; every line has already had the token removed. */
export type GatewayLog = (line: string) => void;
