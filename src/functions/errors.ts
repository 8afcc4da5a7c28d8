/**
 * Excel error values. Inside Excel they are CustomFunctions.Error objects, the only way to show a
 * message with #VALUE!; outside Excel (the `gods` command, tests) a plain object of the same shape
 * stands in, so the same wrapper code runs in both places.
 */
import { EXCEL_ERRORS } from "../engine/excelErrors";

export interface ErrorValue {
  readonly code: string;
  readonly message?: string;
}

/** The error codes a spreadsheet can show; only #VALUE! and #N/A carry a message in Excel. */
export const ERROR_CODES = EXCEL_ERRORS;

class StandInError implements ErrorValue {
  readonly message?: string;
  constructor(
    readonly code: string,
    message?: string,
  ) {
    if (message !== undefined) this.message = message;
  }
}

function runtime(): typeof CustomFunctions | undefined {
  return typeof CustomFunctions === "undefined" ? undefined : CustomFunctions;
}

/** An error value thrown outside Excel: an Error, as anything thrown should be, with the value's code and message. */
class ThrownErrorValue extends Error implements ErrorValue {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message);
    this.name = "ErrorValue";
  }
}

/**
 * An error value to throw. Inside Excel it is a CustomFunctions.Error, which is an Error, and it
 * is thrown as it is: Excel shows its code and message only for its own. Outside Excel the
 * stand-in's code and message go into an Error.
 */
export function throwable(error: ErrorValue): Error & ErrorValue {
  return error instanceof Error ? error : new ThrownErrorValue(error.code, error.message);
}

/** #VALUE! with a message for the gamemaster. */
export function valueError(message: string): ErrorValue {
  const cf = runtime();
  if (cf !== undefined) return new cf.Error(cf.ErrorCode.invalidValue, message);
  return new StandInError("#VALUE!", message);
}

/** An error value with a given code (used when reading `#N/A` typed on the command line). */
export function errorValue(code: string, message?: string): ErrorValue {
  return new StandInError(code, message);
}

export function isErrorValue(value: unknown): value is ErrorValue {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const code = (value as { code?: unknown }).code;
  return typeof code === "string" && (ERROR_CODES as readonly string[]).includes(code);
}

/** How an error reads on one line: `#VALUE! message`. */
export function errorText(error: ErrorValue): string {
  return error.message ? `${error.code} ${error.message}` : error.code;
}
