/** Where the command writes: the terminal, or a test's buffers. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

/**
 * A line as the terminal gets it: every control character but the line break and the tab written
 * out (\u001B for an escape), so that a name or a reason someone typed can never move the cursor,
 * clear the screen or change the terminal's colours.
 */
export function safeLine(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B-\u001F\u007F\u009B]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
}

export const consoleIo: Io = {
  out: (text) => process.stdout.write(safeLine(text.endsWith("\n") ? text : text + "\n")),
  err: (text) => process.stderr.write(safeLine(text.endsWith("\n") ? text : text + "\n")),
};
