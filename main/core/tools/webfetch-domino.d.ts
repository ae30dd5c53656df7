// domino ships a declaration for the module name 'domino' only, written against the browser's DOM types, which
// the engine's Node build does not load; these are the members WebFetch uses, typed here.
declare module '@mixmark-io/domino' {
  export interface DominoElement {
    readonly nodeName: string;
    textContent: string | null;
    getAttribute(name: string): string | null;
    setAttribute(name: string, value: string): void;
    removeAttribute(name: string): void;
    remove(): void;
  }
  export interface DominoDocument {
    readonly title: string;
    readonly body: DominoElement | null;
    querySelector(selectors: string): DominoElement | null;
    querySelectorAll(selectors: string): ArrayLike<DominoElement> & Iterable<DominoElement>;
  }
  /** Parses a whole HTML document the way a browser does (a fragment gets its html, head and body). */
  export function createDocument(html?: string, force?: boolean): DominoDocument;
}
