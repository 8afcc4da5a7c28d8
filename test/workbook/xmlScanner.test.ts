/**
 * The workbook's XML scanner against saxes, a strict XML parser: on any document (well-formed or
 * broken in the ways files are: a tag not closed, an entity unknown, an attribute twice, text
 * outside the root…), fed in pieces of any size, both accept the same documents and report the
 * same elements, attributes and text.
 */
import fc from "fast-check";
import { SaxesParser } from "saxes";
import { NotXml, XmlScanner } from "../../src/workbook/xlsx/package/xmlScanner";
import { scaled } from "../support/scale";

type Event = ["open", string, Record<string, string>] | ["text", string] | ["close", string];

/** Adjacent pieces of text as one (parsers may cut text anywhere), and none outside the root element. */
function joined(events: Event[]): Event[] {
  const out: Event[] = [];
  let depth = 0;
  for (const e of events) {
    if (e[0] === "open") depth++;
    if (e[0] === "close") depth--;
    if (e[0] === "text" && depth === 0) continue;
    const last = out[out.length - 1];
    if (e[0] === "text" && last?.[0] === "text") last[1] += e[1];
    else out.push(e[0] === "text" ? ["text", e[1]] : e);
  }
  return out.filter((e) => !(e[0] === "text" && e[1] === ""));
}

function bySaxes(doc: string): Event[] | "refused" {
  const events: Event[] = [];
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on("opentag", (t) => events.push(["open", t.name, { ...t.attributes }]));
  parser.on("closetag", (t) => events.push(["close", t.name]));
  parser.on("text", (t) => events.push(["text", t]));
  parser.on("cdata", (t) => events.push(["text", t]));
  try {
    parser.write(doc);
    parser.close();
  } catch {
    return "refused";
  }
  return joined(events);
}

function byScanner(doc: string, cuts: readonly number[]): Event[] | "refused" {
  const events: Event[] = [];
  const scanner = new XmlScanner(
    { open: (name, attrs) => events.push(["open", name, { ...attrs }]), text: (t) => events.push(["text", t]), close: (name) => events.push(["close", name]) },
    1000,
    () => new Error("too deep"),
  );
  try {
    let at = 0;
    for (const cut of [...cuts].sort((a, b) => a - b)) {
      if (cut <= at || cut >= doc.length) continue;
      scanner.write(doc.slice(at, cut));
      at = cut;
    }
    scanner.write(doc.slice(at));
    scanner.end();
  } catch (e) {
    if (e instanceof NotXml) return "refused";
    throw e;
  }
  // Whitespace outside the root element is no text of the document.
  return joined(events);
}

const text = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constantFrom(
      "hi",
      " ",
      "Ares",
      "&amp;",
      "&lt;",
      "&gt;",
      "&quot;",
      "&apos;",
      "&#65;",
      "&#x1F409;",
      ">",
      "\r\n",
      "\r",
      "\n",
      "\t",
      "é",
      "🐉",
      "_x000a_",
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom("&#0;", "&#xD800;", "&bad;", "& ", "\u0001", "\uFFFE", "]]>") },
);
const name = fc.constantFrom("a", "row", "c", "x:v", "t", "is", "sheetData");
const value = fc.array(fc.oneof(text, fc.constantFrom('"', "'", "<", "\t", "\n")), { maxLength: 3 }).map((parts) => parts.join(""));

/** A document, and then perhaps one of the ways files are broken. */
const element: fc.Arbitrary<string> = fc.letrec((tie) => ({
  element: fc
    .record({
      name,
      attrs: fc.array(fc.record({ key: fc.constantFrom("r", "s", "t", "x:id", "ref"), value, quote: fc.constantFrom('"', "'") }), { maxLength: 3 }),
      children: fc.array(tie("node") as fc.Arbitrary<string>, { maxLength: 4 }),
      empty: fc.boolean(),
    })
    .map(({ name: n, attrs, children, empty }) => {
      const a = attrs.map((x) => ` ${x.key}=${x.quote}${x.value.split(x.quote).join("")}${x.quote}`).join("");
      return empty && children.length === 0 ? `<${n}${a}/>` : `<${n}${a}>${children.join("")}</${n}>`;
    }),
  node: fc.oneof(
    { maxDepth: 4 },
    { weight: 3, arbitrary: fc.array(text, { maxLength: 3 }).map((t) => t.join("")) },
    { weight: 3, arbitrary: tie("element") as fc.Arbitrary<string> },
    { weight: 1, arbitrary: fc.constantFrom("<![CDATA[a<b&c]]>", "<!-- note -->", "<?pi x?>", "<![CDATA[]]>") },
  ),
})).element;

const broken = fc.constantFrom(
  (d: string) => d,
  (d: string) => d,
  (d: string) => d,
  (d: string) => d.replace(/<\/[^>]+>$/, ""),
  (d: string) => `${d}<a/>`,
  (d: string) => `${d}text`,
  (d: string) => `text${d}`,
  (d: string) => `  \n${d}\r\n `,
  (d: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${d}`,
  (d: string) => d.replace(/ (\w+)="([^"]*)"/, ' $1="$2" $1="$2"'),
  (d: string) => d.replace(/="([^"]*)"/, "=$1"),
  (d: string) => d.replace(/ (\w+)="/, '$1="'),
  (d: string) => d.replace("</", "</x"),
  (d: string) => d.replace(">", " / >"),
  (d: string) => d.replace(/<(\w+)/, "<$1 a='1'b='2'"),
);

const counted = [0, 0];
afterAll(() => {
  if (process.env.GODS_XML_RUNS !== undefined) console.log(`accepted ${counted[0] ?? 0}, refused ${counted[1] ?? 0}`);
});

describe("the XML scanner agrees with saxes", () => {
  test("on documents well-formed and broken, fed whole or in pieces", () => {
    fc.assert(
      fc.property(element, broken, fc.array(fc.nat(400), { maxLength: 6 }), (doc, breakIt, cuts) => {
        const d = breakIt(doc);
        const saxes = bySaxes(d);
        const i = saxes === "refused" ? 1 : 0;
        if (process.env.GODS_XML_RUNS !== undefined) counted[i] = (counted[i] ?? 0) + 1;
        expect(byScanner(d, cuts)).toEqual(saxes);
      }),
      { numRuns: Number(process.env.GODS_XML_RUNS ?? scaled(3000, 300)) },
    );
  });

  test("a document type declaration is refused (saxes reads one; Excel never writes one, and the package refuses it first)", () => {
    expect(byScanner("<!DOCTYPE a><a/>", [])).toBe("refused");
    expect(byScanner('<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', [3])).toBe("refused");
  });

  test("a sheet as Excel writes it", () => {
    const sheet =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1" spans="1:2"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t xml:space="preserve"> Ares &amp; Hestia </t></is></c></row></sheetData></worksheet>';
    for (const cuts of [[], [1], [70, 71, 72], [150, 160, 170, 180]]) expect(byScanner(sheet, cuts)).toEqual(bySaxes(sheet));
  });
});
