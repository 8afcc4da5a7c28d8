import { valueError, isErrorValue } from "../../src/functions/errors";
import { define, evaluate, invoke } from "../../src/functions/runner";
import { whole } from "../../src/functions/params";
import { TOLL } from "../../src/functions/specs";

describe("the shared runner", () => {
  test("an unexpected exception in a body becomes #VALUE! with a message, never a throw", () => {
    const broken = define("BROKEN", [whole("n")], (_n: number) => {
      throw new TypeError("boom");
    });
    const result = evaluate(broken, [1]);
    expect(isErrorValue(result) && result.message).toMatch(/BROKEN could not work this out \(boom\)/);
  });

  test("invoke hands Excel the value, or throws the error value (the runtime's way to show it)", () => {
    expect(invoke(TOLL, 7)).toBe(3);
    let thrown: unknown;
    try {
      invoke(TOLL, -1);
    } catch (e) {
      thrown = e;
    }
    expect(isErrorValue(thrown)).toBe(true);
  });

  test("inside Excel the error is a real CustomFunctions.Error", () => {
    class FakeError {
      constructor(
        readonly code: string,
        readonly message?: string,
      ) {}
    }
    const g = globalThis as unknown as { CustomFunctions?: unknown };
    g.CustomFunctions = { Error: FakeError, ErrorCode: { invalidValue: "#VALUE!" } };
    try {
      const e = valueError("hello");
      expect(e).toBeInstanceOf(FakeError);
      expect(e).toMatchObject({ code: "#VALUE!", message: "hello" });
    } finally {
      delete g.CustomFunctions;
    }
  });
});
