import { main } from "../../src/cli/main";

/** Runs the `gods` command in-process and collects what it printed. */
export async function gods(...argv: string[]): Promise<{ out: string; err: string; code: number }> {
  let out = "";
  let err = "";
  const code = await main(argv, { out: (t) => (out += t + "\n"), err: (t) => (err += t + "\n") });
  return { out, err, code };
}
