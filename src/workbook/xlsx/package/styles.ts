/**
 * The cell formats the add-in needs, added to a workbook's `xl/styles.xml`. Every existing entry
 * keeps its place (cells point at formats by index), new fonts, fills, borders, number formats
 * and cell formats go at the end of their lists, and an existing entry is used again only when
 * its text is exactly what we would write (an earlier century end's), never by guessing what an
 * index holds.
 */
import { STYLES, type CellStyle, type StyleSpec } from "../../plan/layout";
import { applyEdits, attr, childElements, escapeAttr, insertChild, prefixOf, qualified, rootElement, setAttr, type Edit, type Span } from "./xml";

/** The order of a stylesheet's lists, as the schema fixes it. */
const ORDER = ["numFmts", "fonts", "fills", "borders", "cellStyleXfs", "cellXfs", "cellStyles", "dxfs", "tableStyles", "colors", "extLst"];

/** Number formats every spreadsheet program knows by id, the same in every language. */
const BUILT_IN: ReadonlyMap<string, number> = new Map([
  ["General", 0],
  ["0", 1],
  ["0.00", 2],
  ["#,##0", 3],
  ["#,##0.00", 4],
  ["0%", 9],
  ["0.00%", 10],
  ["@", 49],
]);

/** The first id of a format of a workbook's own. */
const FIRST_CUSTOM_FORMAT = 164;

const BORDER_COLOR = "FF8A8886";

type ListName = "numFmts" | "fonts" | "fills" | "borders" | "cellXfs";

/** One list of the stylesheet: what it held, and what we add. */
interface List {
  readonly span: Span | undefined;
  /** the text of each existing entry, by index */
  readonly existing: string[];
  readonly added: string[];
}

/** The smallest complete stylesheet (Excel's defaults), for the rare workbook that has none. */
export const EMPTY_STYLESHEET =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  "</styleSheet>";

export class StyleBook {
  private readonly prefix: string;
  private readonly lists: Record<ListName, List>;
  private readonly hasStyleXf: boolean;
  /** number format code → id, existing and added */
  private readonly formatIds = new Map<string, number>();
  private nextFormatId = FIRST_CUSTOM_FORMAT;
  private readonly named = new Map<CellStyle, Map<string | undefined, number>>();
  private readonly withFormat = new Map<string, number>();
  /** the default font's name and family, so added fonts match the workbook's text */
  private readonly fontFace: string;

  constructor(private readonly text: string) {
    const root = rootElement(text);
    this.prefix = prefixOf(root);
    const top = childElements(text, root);
    const list = (local: ListName): List => {
      const span = top.find((c) => c.local === local);
      return { span, existing: span === undefined ? [] : childElements(text, span).map((c) => text.slice(c.start, c.end)), added: [] };
    };
    this.lists = { numFmts: list("numFmts"), fonts: list("fonts"), fills: list("fills"), borders: list("borders"), cellXfs: list("cellXfs") };
    const styleXfs = top.find((c) => c.local === "cellStyleXfs");
    this.hasStyleXf = styleXfs !== undefined && childElements(text, styleXfs).length > 0;
    for (const [code, id] of BUILT_IN) this.formatIds.set(code, id);
    if (this.lists.numFmts.span !== undefined) {
      for (const f of childElements(text, this.lists.numFmts.span)) {
        const id = Number(attr(f.tag, "numFmtId"));
        const code = attr(f.tag, "formatCode");
        if (!Number.isInteger(id)) continue;
        this.nextFormatId = Math.max(this.nextFormatId, id + 1);
        if (code !== undefined && !this.formatIds.has(code)) this.formatIds.set(code, id);
      }
    }
    this.fontFace = this.defaultFontFace();
    this.ensureDefaults();
  }

  get changed(): boolean {
    return Object.values(this.lists).some((l) => l.added.length > 0);
  }

  /** The cell format (index into cellXfs) of one of the add-in's named looks, with another number format when `format` says so. */
  cellStyle(name: CellStyle, format?: string): number {
    // Asked for every cell of a generated sheet: found by the look, then the format, with no key to build.
    let formats = this.named.get(name);
    if (formats === undefined) this.named.set(name, (formats = new Map<string | undefined, number>()));
    let xf = formats.get(format);
    if (xf === undefined) {
      xf = this.xfFor(format === undefined ? STYLES[name] : { ...STYLES[name], numberFormat: format });
      formats.set(format, xf);
    }
    return xf;
  }

  /** A plain cell format showing numbers with `format`, its text set in by `indent` steps. */
  formatStyle(format: string, indent = 0): number {
    return this.xf(this.formatId(format), 0, 0, 0, indent > 0 ? "left" : undefined, false, false, indent);
  }

  /**
   * A cell format like an existing one (the user's font, fill, borders, alignment) but with
   * another number format: what a Ledger cell gets, so a Ledger the gamemaster decorated keeps
   * its look.
   */
  likeWithFormat(base: number, format: string): number {
    const key = `${base}\u0000${format}`;
    let xf = this.withFormat.get(key);
    if (xf === undefined) {
      const source = this.xfText(base);
      const el = rootElement(source);
      let tag = setAttr(el.tag, "numFmtId", String(this.formatId(format)));
      tag = setAttr(tag, "applyNumberFormat", "1");
      xf = this.entry("cellXfs", tag + source.slice(el.openEnd));
      this.withFormat.set(key, xf);
    }
    return xf;
  }

  /** The stylesheet's new text. */
  toXml(): string {
    const root = rootElement(this.text);
    const edits: Edit[] = [];
    for (const local of ORDER) {
      const list = this.lists[local as ListName] as List | undefined;
      if (list === undefined || list.added.length === 0) continue;
      const inner = list.added.join("");
      const count = String(list.existing.length + list.added.length);
      const name = qualified(this.prefix, local);
      if (list.span === undefined) {
        edits.push(insertChild(this.text, root, ORDER, local, `<${name} count="${count}">${inner}</${name}>`));
      } else {
        const span = list.span;
        const open = setAttr(span.tag.replace(/\s*\/>$/, ">"), "count", count);
        const content = span.selfClosing ? "" : this.text.slice(span.openEnd, span.closeStart);
        edits.push({ start: span.start, end: span.end, text: `${open}${content}${inner}</${span.name}>` });
      }
    }
    return applyEdits(this.text, edits);
  }

  private q(local: string): string {
    return qualified(this.prefix, local);
  }

  /** Excel expects font 0, fills 0 and 1, border 0 and format 0 to be the plain defaults. */
  private ensureDefaults(): void {
    const { fonts, fills, borders, cellXfs } = this.lists;
    if (fonts.existing.length === 0)
      fonts.added.push(`<${this.q("font")}><${this.q("sz")} val="11"/><${this.q("name")} val="Calibri"/><${this.q("family")} val="2"/></${this.q("font")}>`);
    const pattern = (type: string) => `<${this.q("fill")}><${this.q("patternFill")} patternType="${type}"/></${this.q("fill")}>`;
    if (fills.existing.length === 0) fills.added.push(pattern("none"));
    if (fills.existing.length + fills.added.length === 1) fills.added.push(pattern("gray125"));
    if (borders.existing.length === 0)
      borders.added.push(
        `<${this.q("border")}><${this.q("left")}/><${this.q("right")}/><${this.q("top")}/><${this.q("bottom")}/><${this.q("diagonal")}/></${this.q("border")}>`,
      );
    if (cellXfs.existing.length === 0)
      cellXfs.added.push(`<${this.q("xf")} numFmtId="0" fontId="0" fillId="0" borderId="0"${this.hasStyleXf ? ' xfId="0"' : ""}/>`);
  }

  /** The name, family and scheme of the workbook's default font, as child elements to copy. */
  private defaultFontFace(): string {
    const first = this.lists.fonts.existing[0];
    if (first === undefined) return `<${this.q("name")} val="Calibri"/><${this.q("family")} val="2"/>`;
    const font = rootElement(first);
    const keep = childElements(first, font).filter((c) => c.local === "name" || c.local === "family" || c.local === "charset" || c.local === "scheme");
    const face = keep.map((c) => `<${this.q(c.local)} val="${escapeAttr(attr(c.tag, "val") ?? "")}"/>`).join("");
    return face === "" ? `<${this.q("name")} val="Calibri"/>` : face;
  }

  /** The default font's size, for looks that do not set one. */
  private defaultSize(): string {
    const first = this.lists.fonts.existing[0];
    if (first === undefined) return "11";
    const sz = childElements(first, rootElement(first)).find((c) => c.local === "sz");
    return (sz && attr(sz.tag, "val")) ?? "11";
  }

  private xfText(index: number): string {
    const list = this.lists.cellXfs;
    return list.existing[index] ?? list.added[index - list.existing.length] ?? list.existing[0] ?? (list.added[0] as string);
  }

  /** The index of an entry with exactly this text: an existing one, or a new one at the end. */
  private entry(list: ListName, xml: string): number {
    const l = this.lists[list];
    const old = l.existing.indexOf(xml);
    if (old >= 0) return old;
    const added = l.added.indexOf(xml);
    if (added >= 0) return l.existing.length + added;
    l.added.push(xml);
    return l.existing.length + l.added.length - 1;
  }

  /** The id of a number format, added to the workbook's own formats if it is not known. */
  private formatId(code: string): number {
    let id = this.formatIds.get(code);
    if (id === undefined) {
      id = this.nextFormatId++;
      this.formatIds.set(code, id);
      this.lists.numFmts.added.push(`<${this.q("numFmt")} numFmtId="${id}" formatCode="${escapeAttr(code)}"/>`);
    }
    return id;
  }

  private font(s: StyleSpec): number {
    if (!s.bold && !s.italic && s.size === undefined && s.color === undefined) return 0;
    const parts = [
      s.bold ? `<${this.q("b")}/>` : "",
      s.italic ? `<${this.q("i")}/>` : "",
      `<${this.q("sz")} val="${s.size ?? this.defaultSize()}"/>`,
      s.color ? `<${this.q("color")} rgb="FF${s.color}"/>` : "",
      this.fontFace,
    ];
    return this.entry("fonts", `<${this.q("font")}>${parts.join("")}</${this.q("font")}>`);
  }

  private fill(s: StyleSpec): number {
    if (s.fill === undefined) return 0;
    return this.entry(
      "fills",
      `<${this.q("fill")}><${this.q("patternFill")} patternType="solid"><${this.q("fgColor")} rgb="FF${s.fill}"/><${this.q("bgColor")} indexed="64"/></${this.q("patternFill")}></${this.q("fill")}>`,
    );
  }

  private border(s: StyleSpec): number {
    if (s.border === undefined) return 0;
    const line = (side: string, on: boolean) =>
      on ? `<${this.q(side)} style="thin"><${this.q("color")} rgb="${BORDER_COLOR}"/></${this.q(side)}>` : `<${this.q(side)}/>`;
    const box = s.border === "box";
    return this.entry(
      "borders",
      `<${this.q("border")}>${line("left", box)}${line("right", box)}${line("top", true)}${line("bottom", box)}<${this.q("diagonal")}/></${this.q("border")}>`,
    );
  }

  private xfFor(s: StyleSpec): number {
    return this.xf(this.formatId(s.numberFormat ?? "General"), this.font(s), this.fill(s), this.border(s), s.align, s.shrink === true, s.wrap === true);
  }

  private xf(
    numFmt: number,
    font: number,
    fill: number,
    border: number,
    align: "left" | "right" | undefined,
    shrink = false,
    wrap = false,
    indent = 0,
  ): number {
    const aligned = align !== undefined || shrink || wrap;
    const apply = [
      numFmt ? ' applyNumberFormat="1"' : "",
      font ? ' applyFont="1"' : "",
      fill ? ' applyFill="1"' : "",
      border ? ' applyBorder="1"' : "",
      aligned ? ' applyAlignment="1"' : "",
    ].join("");
    const head = `<${this.q("xf")} numFmtId="${numFmt}" fontId="${font}" fillId="${fill}" borderId="${border}"${this.hasStyleXf ? ' xfId="0"' : ""}${apply}`;
    const alignment = `<${this.q("alignment")}${align === undefined ? "" : ` horizontal="${align}"`}${wrap ? ' vertical="top" wrapText="1"' : ""}${shrink ? ' shrinkToFit="1"' : ""}${indent > 0 ? ` indent="${indent}"` : ""}/>`;
    const xml = aligned ? `${head}>${alignment}</${this.q("xf")}>` : `${head}/>`;
    return this.entry("cellXfs", xml);
  }
}
