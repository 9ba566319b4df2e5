/**
 * Reads one line from standard input: at a terminal after a prompt and without echo, otherwise
 * (piped) the first line. Used for passwords, which must never be command-line arguments.
 */
export async function readSecret(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    let text = '';
    for await (const chunk of input) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.setEncoding('utf8');
  return new Promise((resolve) => {
    let line = '';
    const onData = (keys: string) => {
      for (const key of keys) {
        if (key === '\r' || key === '\n') {
          input.off('data', onData);
          input.setRawMode(false);
          input.pause();
          process.stderr.write('\n');
          resolve(line);
          return;
        }
        if (key === '\u0003') process.exit(130); // Ctrl-C
        if (key === '\u007f' || key === '\b') line = line.slice(0, -1);
        else line += key;
      }
    };
    input.on('data', onData);
    input.resume();
  });
}
