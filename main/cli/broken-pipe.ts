/**
 * Output to a pipe whose reader is gone (`paragents sessions list | head -3`). A program in C dies by SIGPIPE there;
 * Node ignores the signal and throws EPIPE from the write instead, which would end the command with a stack trace.
 * Here the rest of the output is dropped and the command is told the way a closed terminal tells it (SIGHUP):
 * `attach` detaches, `run` cancels its prompts; a command without such a handler just finishes its work.
 */
export function writerOf(stream: NodeJS.WriteStream, signalClosed: () => void): (line: string) => void {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    if (closed) return;
    closed = true;
    signalClosed();
  });
  return (line) => {
    if (!closed) stream.write(`${line}\n`);
  };
}
