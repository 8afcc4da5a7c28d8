/** The Ledger seal's digest: FIPS 180-4's SHA-256, checked against the standard's vectors and Node's own. */
import { createHash } from "crypto";
import fc from "fast-check";
import { sha256 } from "../../src/engine/sha256";

describe("sha256", () => {
  test("the standard's vectors", () => {
    expect(sha256("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  });

  test("the same as Node's for any text, accents and emoji included", () => {
    // Any code point but half a pair, as fast-check's "binary" unit gives, which takes a second to build.
    const anyText = fc
      .array(
        fc.integer({ min: 0, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff),
        { maxLength: 300 },
      )
      .map((points) => String.fromCodePoint(...points));
    fc.assert(fc.property(anyText, (text) => sha256(text) === createHash("sha256").update(text, "utf8").digest("hex")));
    expect(sha256("Grande Mère · 🐉")).toBe(createHash("sha256").update("Grande Mère · 🐉", "utf8").digest("hex"));
  });

  test("half of a pair is digested as its own three bytes, as the seal always has; a long text after a short one", () => {
    expect(sha256("\uD800x")).toBe(
      createHash("sha256")
        .update(Buffer.from([0xed, 0xa0, 0x80, 0x78]))
        .digest("hex"),
    );
    const long = "Ledger ".repeat(5000);
    expect(sha256("a")).toBe(createHash("sha256").update("a").digest("hex"));
    expect(sha256(long)).toBe(createHash("sha256").update(long).digest("hex"));
    expect(sha256("a")).toBe(createHash("sha256").update("a").digest("hex"));
  });
});
