/**
 * What a path on the command line is before anything is read or written: the real file behind a
 * link, a file the gamemaster made read-only, and an output that would land on the workbook itself.
 */
import * as fs from "fs";
import * as path from "path";

/** A reason the command stops, in one plain sentence; nothing was written. */
export class CampaignFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CampaignFileError";
  }
}

/** What kind of thing a path is, when it is not a regular file. */
function kindOf(stat: fs.Stats): string {
  if (stat.isDirectory()) return "a folder";
  if (stat.isFIFO()) return "a named pipe";
  if (stat.isSocket()) return "a socket";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  return "not a regular file";
}

/** The file behind a path, following links, as the one to read, lock and write. */
export function realFile(file: string): string {
  if (!fs.existsSync(file)) throw new CampaignFileError(`there is no file ${file}.`);
  const real = fs.realpathSync(file);
  const stat = fs.statSync(real);
  if (stat.isDirectory()) throw new CampaignFileError(`${file} is a folder, not a workbook file.`);
  if (!stat.isFile()) throw new CampaignFileError(`${file} is not a regular file (it is ${kindOf(stat)}), so it is not a workbook file.`);
  return real;
}

/**
 * Refuses an output (--out, --pdf) that is the workbook itself: the same path, a link to it, or
 * another name of the same file (a hard link). Written there, it would replace the campaign. Also
 * refused: an output that is a folder, or not a file.
 */
export function checkNotTheWorkbook(real: string, output: string, option: string, shown: string): void {
  const named = `--${option} ${output}`;
  const instead =
    option === "out"
      ? "--out is for writing the result to another file: leave it out to write the workbook in place, or name another file"
      : `the ${option === "pdf" ? "PDF" : `--${option} file`} would be written over the campaign: name another file for --${option}`;
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(output);
  } catch {
    stat = undefined;
  }
  if (stat === undefined) {
    if (path.resolve(output) === real) throw new CampaignFileError(`${named} is the workbook itself; ${instead}. Nothing was written.`);
    return;
  }
  if (stat.isDirectory()) throw new CampaignFileError(`${named} is a folder: name the file to write. Nothing was written.`);
  if (!stat.isFile()) throw new CampaignFileError(`${named} is not a regular file (it is ${kindOf(stat)}): name a file to write. Nothing was written.`);
  const workbook = fs.statSync(real);
  if (stat.dev !== workbook.dev || stat.ino !== workbook.ino) return;
  const how = fs.lstatSync(output).isSymbolicLink()
    ? `is a link to the workbook ${shown}`
    : fs.realpathSync(output) === real
      ? "is the workbook itself"
      : `is another name of the workbook ${shown} (a hard link: the same file)`;
  throw new CampaignFileError(`${named} ${how}; ${instead}. Nothing was written.`);
}

/** Refuses a file the gamemaster made read-only: even where the system would let us, it is theirs to protect. */
export function checkWritable(file: string, shown = file): void {
  if (!fs.existsSync(file)) return;
  const mode = fs.statSync(file).mode;
  if ((mode & 0o222) === 0) {
    throw new CampaignFileError(`${shown} is read-only, so it was left as it is. Make it writable (or write elsewhere with --out OTHER.xlsx), then try again.`);
  }
  try {
    fs.accessSync(file, fs.constants.W_OK);
  } catch {
    throw new CampaignFileError(`${shown} cannot be written by you, so it was left as it is. Write elsewhere with --out OTHER.xlsx, or ask its owner.`);
  }
}
