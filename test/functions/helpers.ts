import { isErrorValue, type ErrorValue } from "../../src/functions/errors";
import { evaluate, type FunctionSpec, type Result } from "../../src/functions/runner";

export function call<A extends unknown[]>(spec: FunctionSpec<A>, ...args: unknown[]): Result {
  return evaluate(spec, args);
}

/** Asserts a #VALUE! whose message matches every pattern given. */
export function expectValueError(result: Result, ...patterns: RegExp[]): ErrorValue {
  if (!isErrorValue(result)) throw new Error(`expected #VALUE!, got ${JSON.stringify(result)}`);
  expect(result.code).toBe("#VALUE!");
  for (const p of patterns) expect(result.message).toMatch(p);
  return result;
}

export const NA: ErrorValue = { code: "#N/A" };
