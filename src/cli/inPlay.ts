/**
 * What a century end or an era's end asked without --century is told: the century in play, read
 * from the workbook, and the command that would end it. The command never picks a century by
 * itself: run twice by mistake, it would pay two centuries.
 */
import { latestCentury, omegaEnd, readCampaign } from "../workbook";
import { openPackage, readPackage } from "../workbook/xlsx";
import { readFile, realFile } from "./campaignFile";

/** The Ledger's latest century end and Era Omega's end, or undefined when the file cannot be read. */
function ledgerOf(file: string): { latest: number; over?: number } | undefined {
  try {
    const { campaign } = readCampaign(readPackage(openPackage(readFile(realFile(file)).bytes, file)));
    const end = omegaEnd(campaign);
    return { latest: latestCentury(campaign), ...(end === undefined ? {} : { over: end.century }) };
  } catch {
    // The command's own run names what is wrong with the file; here only the century is missing.
    return undefined;
  }
}

/** A shell word for the file, quoted when it needs to be. */
const shellWord = (file: string) => (/^[\w./-]+$/.test(file) ? file : `"${file.replace(/(["\\$`])/g, "\\$1")}"`);

/** gods century-end FILE without --century. */
export function centuryNeeded(file: string): string {
  const base = "gods century-end needs --century N, the century to end";
  const ledger = ledgerOf(file);
  if (ledger === undefined) return `${base} (for example --century 3).`;
  if (ledger.over !== undefined)
    return `${base}, but the game is over: Era Omega, the last era, ended with century ${ledger.over}, and nothing is paid after it.`;
  const next = ledger.latest + 1;
  const since = ledger.latest === 0 ? "no century has ended yet" : `the latest century end is ${ledger.latest}`;
  return `${base}: ${since}, so the century in play is ${next} (gods century-end ${shellWord(file)} --century ${next}). It is never picked for you, so that a command run twice does not pay two centuries.`;
}

/** gods era-end FILE without --century. */
export function eraCenturyNeeded(file: string): string {
  const base = "gods era-end needs --century N: the century that closes the era, or 0 for Era Aleph's end, before the first century";
  const ledger = ledgerOf(file);
  if (ledger === undefined) return `${base} (for example --century 5).`;
  if (ledger.over !== undefined) return `${base}. The game is over: Era Omega, the last era, ended with century ${ledger.over}.`;
  if (ledger.latest === 0)
    return `${base}. No century has ended yet: Era Aleph's end is credited with --century 0 (gods era-end ${shellWord(file)} --century 0).`;
  return `${base}. An era ends right after its last century: the latest century end is ${ledger.latest} (gods era-end ${shellWord(file)} --century ${ledger.latest}).`;
}
