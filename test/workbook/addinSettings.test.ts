/**
 * The add-in's settings read from the part's bytes and edited in them: what is read is what an
 * XML reader reads, an edit changes only the settings it names, and a value too large to read is
 * measured, never decoded.
 */
import { readAddinSettings, SETTING_TEXT_CHARS, writeAddinSettings } from "../../src/workbook/xlsx/package/addinSettings";
import { decodeValue, settingsLayout } from "../../src/workbook/xlsx/package/settingsPart";
import { decodeEntities, XmlProblem } from "../../src/workbook/xlsx/package/xml";

const PART = "xl/webextensions/webextension1.xml";
const utf8 = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));
const text = (b: Uint8Array | undefined) => Buffer.from(b ?? new Uint8Array()).toString("utf8");

/** A settings part as Excel writes it, its properties as given. */
const part = (properties: string, list = `<we:properties>${properties}</we:properties>`) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!-- written by hand --><we:webextension xmlns:we="http://schemas.microsoft.com/office/webextensions/webextension/2010/11" id="{X}"><we:reference id="x" version="1" store="developer" storeType="Registry"/><we:alternateReferences/>${list}<we:bindings/></we:webextension>`;

const settings = (xml: string | Uint8Array) => readAddinSettings(new Map([[PART, typeof xml === "string" ? utf8(xml) : xml]]));

describe("reading the settings from the part's bytes", () => {
  test("names and values decoded, JSON text read as the add-in stored it, in order", () => {
    const xml = part(
      `<we:property name="gods.op.a&amp;b" value="&quot;Vorn &lt;3 ünïcode 😀&quot;"/>` +
        `<we:property value='{"n":1}' name='gods.done.pc'></we:property>` +
        `<!-- <we:property name="commented" value="1"/> --><we:property name="plain" value="not json"/>`,
    );
    expect(settings(xml)).toEqual([
      { key: "gods.op.a&b", value: "Vorn <3 ünïcode 😀", part: PART },
      { key: "gods.done.pc", value: '{"n":1}', part: PART },
      { key: "plain", value: "not json", part: PART },
    ]);
  });

  test("a part written in UTF-16 reads as the same settings", () => {
    const xml = part(`<we:property name="gods.op.x" value="&quot;é&quot;"/>`);
    const le = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, "utf16le")]));
    expect(settings(le)).toEqual([{ key: "gods.op.x", value: "é", part: PART }]);
  });

  test("a value larger than any the add-in writes is measured, not read", () => {
    const big = "x".repeat(SETTING_TEXT_CHARS + 1);
    expect(settings(part(`<we:property name="gods.op.big" value="${big}"/><we:property name="next" value="1"/>`))).toEqual([
      { key: "gods.op.big", value: "", part: PART, tooLarge: SETTING_TEXT_CHARS + 1 },
      { key: "next", value: "1", part: PART },
    ]);
  });

  test.each([
    ["an element left open", part(`<we:property name="a" value="1">`)],
    ["an end tag that does not match", part(`<we:property name="a" value="1"></we:other>`)],
    ["a value not closed", part(`<we:property name="a" value="1/>`)],
    ["a second root", `${part("")}<x/>`],
    ["nothing but a declaration", `<?xml version="1.0"?>`],
    ["nesting past a hundred", part(`${"<a>".repeat(150)}${"</a>".repeat(150)}`)],
  ])("a part that is not well-formed (%s) is passed over", (_why, xml) => {
    expect(settings(xml)).toEqual([]);
    expect(() => settingsLayout(utf8(xml))).toThrow(XmlProblem);
  });
});

describe("a value decoded from its bytes", () => {
  test.each([
    "plain, no reference",
    "&quot;&amp;&lt;&gt;&apos;",
    "&#65;&#x42;&#X43;&#x1F600;&#233;&#x7FF;&#x800;&#xFFFD;",
    "&bogus; &amp &#; &#x; &#xZZ; &#99999999; &#x110000; & ; &&amp;",
    "ünïcode 😀 &lt;Vorn&gt; &amp;quot;",
    "&quot;".repeat(5000) + "tail&",
  ])("as decodeEntities reads its text: %s", (value) => {
    const bytes = utf8(`<x a="${value}"/>`);
    expect(decodeValue(bytes, 6, bytes.length - 3)).toBe(decodeEntities(value));
  });

  test("a reference to half a surrogate pair reads as U+FFFD", () => {
    const bytes = utf8("&#xD800;x");
    expect(decodeValue(bytes, 0, bytes.length)).toBe("\uFFFDx");
  });
});

describe("writing settings into the part's bytes", () => {
  const before = part(
    `<we:property name="keep" value="&quot;kept as written&quot;"/><we:property name='change' value='1'/><we:property name="drop" value="2"/><we:property name="bare"/>`,
  );

  test("set where they stand, removed, added at the end; everything else byte for byte", () => {
    const written = writeAddinSettings(
      new Map([[PART, utf8(before)]]),
      PART,
      new Map<string, string | null>([
        ["change", "it's new"],
        ["drop", null],
        ["bare", "v"],
        ["added", 'a "quoted" <value>'],
      ]),
    );
    const after = text(written.get(PART));
    expect(after).toBe(
      part(
        `<we:property name="keep" value="&quot;kept as written&quot;"/><we:property name='change' value='&quot;it&apos;s new&quot;'/><we:property name="bare" value="&quot;v&quot;"/>` +
          `<we:property name="added" value="&quot;a \\&quot;quoted\\&quot; &lt;value&gt;&quot;"/>`,
      ),
    );
    expect(settings(after).map((s) => [s.key, s.value])).toEqual([
      ["keep", "kept as written"],
      ["change", "it's new"],
      ["bare", "v"],
      ["added", 'a "quoted" <value>'],
    ]);
  });

  test("an empty list written as one tag is opened up", () => {
    const after = text(writeAddinSettings(new Map([[PART, utf8(part("", "<we:properties/>"))]]), PART, new Map([["k", "v"]])).get(PART));
    expect(after).toBe(part(`<we:property name="k" value="&quot;v&quot;"/>`));
  });

  test("a value too large to read is removed without being read, and the part shrinks to the rest", () => {
    const big = "&quot;".repeat(SETTING_TEXT_CHARS / 6 + 1);
    const written = writeAddinSettings(
      new Map([[PART, utf8(part(`<we:property name="gods.op.big" value="${big}"/><we:property name="k" value="1"/>`))]]),
      PART,
      new Map([["gods.op.big", null]]),
    );
    expect(text(written.get(PART))).toBe(part(`<we:property name="k" value="1"/>`));
  });

  test("a part without a list of properties is refused", () => {
    expect(() => writeAddinSettings(new Map([[PART, utf8(part("", ""))]]), PART, new Map([["k", "v"]]))).toThrow(XmlProblem);
  });
});
