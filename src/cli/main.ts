import { runFunction } from "./fn";

const USAGE = `gods: the rules of The Gods II on the command line.

Usage:
  gods fn NAME ARG...      evaluate one GODS custom function as Excel would
                           (gods fn TOLL 7 prints 3; a range is JSON: '[["F-2"],["X/2"]]')
  gods help                show this text
`;

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

const consoleIo: Io = {
  out: (text) => process.stdout.write(text.endsWith("\n") ? text : text + "\n"),
  err: (text) => process.stderr.write(text.endsWith("\n") ? text : text + "\n"),
};

/** Runs the command; resolves to its exit code. */
export async function main(argv: readonly string[], io: Io = consoleIo): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "fn": {
      const [name, ...args] = rest;
      if (name === undefined) {
        io.err("gods fn needs a function name, for example: gods fn TOLL 7");
        return 2;
      }
      const result = runFunction(name, args);
      io.out(result.text);
      return result.code;
    }
    case undefined:
    case "help":
    case "--help":
    case "-h":
      io.out(USAGE);
      return command === undefined ? 2 : 0;
    default:
      io.err(`gods: unknown command "${command}".\n\n${USAGE}`);
      return 2;
  }
}
