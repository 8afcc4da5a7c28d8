/** The skeleton of a name: what it looks like, so that look-alike spellings are told. */
import fc from "fast-check";
import { lookAlikeLetters, skeleton } from "../../src/engine/confusable";
import { nameKey } from "../../src/engine/names";

describe("skeleton", () => {
  test("a Cyrillic or Greek look-alike is its Latin letter: Solara with a Cyrillic о, Greek Ο, Cyrillic А", () => {
    expect(skeleton("S\u043elara")).toBe("solara");
    expect(skeleton("\u039flympus")).toBe("olympus");
    expect(skeleton("\u0410res")).toBe("ares");
    // "Ares" with a Greek Α and a Cyrillic е; a Cyrillic р looks like a p, not an r.
    expect(skeleton("\u0391r\u0435s")).toBe(skeleton("ares"));
    expect(skeleton("\u0391\u0440\u0435s")).toBe("apes");
  });

  test("digits and their look-alikes: a Cyrillic З is a 3", () => {
    expect(skeleton("Legion \u0417")).toBe(skeleton("Legion 3"));
  });

  test("compatibility forms are folded first: full-width letters, a ligature", () => {
    expect(skeleton("\uff33\uff4f\uff4c\uff41\uff52\uff41")).toBe("solara");
    expect(skeleton("\ufb01re")).toBe("fire");
  });

  test("case and spaces are folded last, as names are matched: a capital outside the table that folds to a letter in it", () => {
    expect(skeleton("  SOLARA   the  Bright ")).toBe("solara the bright");
    // Komi De (U+0500) is not in the table; folded, it is U+0501, which looks like d.
    expect(skeleton("\u0500emeter")).toBe(skeleton("demeter"));
  });

  test("names that do not look alike stay apart: other letters of those scripts, accents", () => {
    expect(skeleton("Зевс")).not.toBe(skeleton("Zeus"));
    expect(skeleton("Éris")).not.toBe(skeleton("Eris"));
    expect(skeleton("Ωmega")).not.toBe(skeleton("omega"));
  });

  test("two spellings of one name by nameKey share a skeleton", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        if (nameKey(a) === nameKey(b)) expect(skeleton(a)).toBe(skeleton(b));
      }),
    );
    fc.assert(
      fc.property(fc.string(), (a) => {
        expect(skeleton(a.toUpperCase())).toBe(skeleton(a.toLowerCase()));
      }),
      { examples: [["solara"], ["Ares"]] },
    );
  });
});

describe("lookAlikeLetters", () => {
  test("names each look-alike once, with its script", () => {
    expect(lookAlikeLetters("S\u043el\u0430r\u0430")).toEqual(['"\u043e" (Cyrillic)', '"\u0430" (Cyrillic)']);
    expect(lookAlikeLetters("\u039flympus")).toEqual(['"\u039f" (Greek)']);
    expect(lookAlikeLetters("Solara")).toEqual([]);
  });
});
