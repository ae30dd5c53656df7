import { PROMPT_DROP_ATTRIBUTE, PROMPT_DROP_VALUE, SESSION_ID_ATTRIBUTE } from '../shared/drop-protocol';
import type { DropReply, DropRequest } from '../shared/drop-protocol';

/*
 * Drag and drop, handled by the preload in its isolated world: only it can turn a dropped File into a path
 * (webUtils.getPathForFile), and the page never needs to see paths it did not type. Typed structurally so
 * it runs under plain Node in tests, with no DOM library.
 */

export interface ElementLike {
  closest(selector: string): ElementLike | null;
  getAttribute(name: string): string | null;
  focus(): void;
}

export interface DragEventLike {
  readonly target: unknown;
  readonly dataTransfer: {
    readonly types: ArrayLike<string>;
    readonly files: ArrayLike<unknown>;
    dropEffect: string;
  } | null;
  preventDefault(): void;
}

export interface DropDocumentLike {
  addEventListener(type: 'dragover' | 'drop', listener: (event: DragEventLike) => void, capture: boolean): void;
  removeEventListener(type: 'dragover' | 'drop', listener: (event: DragEventLike) => void, capture: boolean): void;
  execCommand(command: 'insertText', showUi: boolean, text: string): boolean;
}

export interface DropBridgeDeps {
  document: DropDocumentLike;
  /** webUtils.getPathForFile; returns '' for files that are not on disk. */
  pathForFile(file: unknown): string;
  send(request: DropRequest): Promise<DropReply>;
}

const PROMPT_SELECTOR = `[${PROMPT_DROP_ATTRIBUTE}="${PROMPT_DROP_VALUE}"]`;

const hasFiles = (event: DragEventLike): boolean =>
  event.dataTransfer !== null && Array.from(event.dataTransfer.types).includes('Files');

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const onlyImages = (files: ArrayLike<unknown>): boolean =>
  files.length > 0 && Array.from(files).every((f) => IMAGE_TYPES.includes(String((f as { type?: unknown }).type ?? '')));

const isElement = (value: unknown): value is ElementLike =>
  typeof value === 'object' && value !== null && typeof (value as { closest?: unknown }).closest === 'function';

export function dropTargetOf(target: unknown): { request: DropRequest['target']; prompt: ElementLike | null } {
  const prompt = isElement(target) ? target.closest(PROMPT_SELECTOR) : null;
  if (prompt === null) return { request: { kind: 'window' }, prompt: null };
  return { request: { kind: 'prompt', sessionId: prompt.getAttribute(SESSION_ID_ATTRIBUTE) }, prompt };
}

/** Installs the listeners; returns a function that removes them. */
export function installDropBridge(deps: DropBridgeDeps): () => void {
  const onDragOver = (event: DragEventLike): void => {
    if (!hasFiles(event) || event.dataTransfer === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEventLike): void => {
    if (!hasFiles(event) || event.dataTransfer === null) return;
    // Images dropped on the prompt box are attached by the page itself (it reads their bytes, not their paths).
    if (dropTargetOf(event.target).prompt !== null && onlyImages(event.dataTransfer.files)) return;
    // Without this the page would navigate to the file (main denies that too).
    event.preventDefault();
    const paths = Array.from(event.dataTransfer.files, (file) => deps.pathForFile(file)).filter((p) => p !== '');
    if (paths.length === 0) return;
    const { request, prompt } = dropTargetOf(event.target);
    void deps
      .send({ paths, target: request })
      .then((reply) => {
        if (reply.kind !== 'insert_paths' || prompt === null) return;
        prompt.focus();
        // insertText goes through the editing pipeline, so React sees an ordinary input event.
        deps.document.execCommand('insertText', false, reply.text);
      })
      .catch(() => undefined);
  };
  deps.document.addEventListener('dragover', onDragOver, true);
  deps.document.addEventListener('drop', onDrop, true);
  return () => {
    deps.document.removeEventListener('dragover', onDragOver, true);
    deps.document.removeEventListener('drop', onDrop, true);
  };
}
