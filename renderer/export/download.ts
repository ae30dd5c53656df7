/**
 * Saves text as a file through the browser's download: a Blob behind an object URL, clicked from a hidden
 * link. The URL is released on the next task, once the click has handed the Blob to the download.
 */
export function downloadText(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name made of the session's ref and name, without characters file systems refuse. */
export function markdownFileName(session: { ref: string; name: string | null }): string {
  const name = session.name ? `-${session.name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '')}` : '';
  return `paragents-${session.ref}${name === '-' ? '' : name}.md`;
}
