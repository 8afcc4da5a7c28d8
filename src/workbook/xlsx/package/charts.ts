/**
 * A generated sheet's charts as parts of the package: one drawing part hanging off the sheet
 * (where each chart sits, anchored to cells) and one chart part per chart (a line chart whose
 * series point at the sheet's own cells, with the values cached, as Excel writes them, so a
 * reader that does not recalculate still draws them). ECMA-376 Part 1: 20.5 (SpreadsheetML
 * drawing), 21.2 (DrawingML charts).
 */
import { columnLetter, quoteSheet } from "../../model/address";
import type { CellArea, ChartPlan, PlanValue, SheetPlan } from "../../plan/layout";
import { CONTENT_TYPE, findPart, folderOf, REL_TYPE } from "./parts";
import type { PackageSession } from "./session";
import { DECLARATION } from "./sheet";
import { escapeText, xmlSafe } from "./xml";

const CHART_NS = "http://schemas.openxmlformats.org/drawingml/2006/chart";
const DRAWING_NS = "http://schemas.openxmlformats.org/drawingml/2006/main";
const SHEET_DRAWING_NS = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing";
const RELATIONSHIPS_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** A cell's value in the plan, 1-based. */
function valueAt(plan: SheetPlan, row: number, column: number): PlanValue {
  return plan.rows[row - 1]?.[column - 1]?.value ?? null;
}

/** An absolute reference to cells of the sheet: 'Charts'!$B$5:$B$9. */
function absolute(sheet: string, area: CellArea): string {
  const at = (r: number, c: number) => `$${columnLetter(c)}$${r}`;
  const ref = area.top === area.bottom && area.left === area.right ? at(area.top, area.left) : `${at(area.top, area.left)}:${at(area.bottom, area.right)}`;
  return `${quoteSheet(sheet)}!${ref}`;
}

const text = (s: string): string => escapeText(xmlSafe(s));

function strCache(values: readonly PlanValue[]): string {
  const points = values.map((v, i) => (v === null ? "" : `<c:pt idx="${i}"><c:v>${text(String(v))}</c:v></c:pt>`)).join("");
  return `<c:strCache><c:ptCount val="${values.length}"/>${points}</c:strCache>`;
}

function numCache(values: readonly PlanValue[]): string {
  const points = values.map((v, i) => (typeof v === "number" && Number.isFinite(v) ? `<c:pt idx="${i}"><c:v>${v}</c:v></c:pt>` : "")).join("");
  return `<c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="${values.length}"/>${points}</c:numCache>`;
}

/** The chart part of one line chart. */
export function chartXml(plan: SheetPlan, chart: ChartPlan): string {
  const { data } = chart;
  const firstPoint = data.top + 1;
  const rows = Array.from({ length: data.bottom - data.top }, (_, i) => firstPoint + i);
  const categories = rows.map((r) => valueAt(plan, r, data.left));
  const catRef = absolute(plan.name, { top: firstPoint, left: data.left, bottom: data.bottom, right: data.left });
  const series: string[] = [];
  for (let c = data.left + 1; c <= data.right; c++) {
    const i = c - data.left - 1;
    const name = valueAt(plan, data.top, c);
    series.push(
      `<c:ser><c:idx val="${i}"/><c:order val="${i}"/>` +
        `<c:tx><c:strRef><c:f>${text(absolute(plan.name, { top: data.top, left: c, bottom: data.top, right: c }))}</c:f>${strCache([name])}</c:strRef></c:tx>` +
        `<c:marker><c:symbol val="circle"/><c:size val="5"/></c:marker>` +
        `<c:cat><c:strRef><c:f>${text(catRef)}</c:f>${strCache(categories)}</c:strRef></c:cat>` +
        `<c:val><c:numRef><c:f>${text(absolute(plan.name, { top: firstPoint, left: c, bottom: data.bottom, right: c }))}</c:f>${numCache(rows.map((r) => valueAt(plan, r, c)))}</c:numRef></c:val>` +
        `<c:smooth val="0"/></c:ser>`,
    );
  }
  const title =
    `<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="1200" b="1"/></a:pPr><a:r><a:rPr lang="en-US" sz="1200" b="1"/><a:t>${text(chart.title)}</a:t></a:r></a:p></c:rich></c:tx>` +
    `<c:overlay val="0"/></c:title>`;
  return (
    `${DECLARATION}<c:chartSpace xmlns:c="${CHART_NS}" xmlns:a="${DRAWING_NS}" xmlns:r="${RELATIONSHIPS_NS}">` +
    `<c:roundedCorners val="0"/><c:chart>${title}<c:autoTitleDeleted val="0"/><c:plotArea><c:layout/>` +
    `<c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/>${series.join("")}<c:marker val="1"/><c:axId val="500000001"/><c:axId val="500000002"/></c:lineChart>` +
    `<c:catAx><c:axId val="500000001"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/><c:numFmt formatCode="General" sourceLinked="1"/>` +
    `<c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/><c:crossAx val="500000002"/><c:crosses val="autoZero"/><c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>` +
    `<c:valAx><c:axId val="500000002"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="l"/><c:majorGridlines/><c:numFmt formatCode="General" sourceLinked="1"/>` +
    `<c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/><c:crossAx val="500000001"/><c:crosses val="autoZero"/><c:crossBetween val="between"/></c:valAx>` +
    `</c:plotArea><c:legend><c:legendPos val="r"/><c:overlay val="0"/></c:legend><c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart>` +
    // Every text of the chart at the sheets' 11 pt, as printed.
    `<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="1100"/></a:pPr><a:endParaRPr lang="en-US"/></a:p></c:txPr></c:chartSpace>`
  );
}

/** The drawing part: each chart anchored to the cells it covers (`relIds`: the chart parts' relationships from it). */
export function drawingXml(charts: readonly ChartPlan[], relIds: readonly string[]): string {
  const marker = (tag: string, row: number, column: number) =>
    `<xdr:${tag}><xdr:col>${column}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:${tag}>`;
  const anchors = charts.map(
    (chart, i) =>
      `<xdr:twoCellAnchor editAs="oneCell">${marker("from", chart.at.top - 1, chart.at.left - 1)}${marker("to", chart.at.bottom, chart.at.right)}` +
      `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${i + 2}" name="${text(`Chart ${i + 1}`)}" descr="${text(chart.title)}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
      `<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>` +
      `<a:graphic><a:graphicData uri="${CHART_NS}"><c:chart xmlns:c="${CHART_NS}" r:id="${relIds[i] ?? ""}"/></a:graphicData></a:graphic>` +
      `</xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>`,
  );
  return `${DECLARATION}<xdr:wsDr xmlns:xdr="${SHEET_DRAWING_NS}" xmlns:a="${DRAWING_NS}" xmlns:r="${RELATIONSHIPS_NS}">${anchors.join("")}</xdr:wsDr>`;
}

/** The drawing and chart parts a sheet's charts now live in, to be written again in place. */
export interface ChartParts {
  readonly drawing?: string;
  readonly charts: readonly string[];
}

/** The drawing hanging off a sheet part, and the charts it holds, as the package has them. */
export function chartPartsOf(session: PackageSession, sheetPart: string): ChartParts {
  const rel = session.rels(sheetPart).ofType(REL_TYPE.drawing)[0];
  const drawing = rel === undefined ? undefined : findPart(session.parts, rel.part);
  if (drawing === undefined) return { charts: [] };
  const charts = session
    .rels(drawing)
    .ofType(REL_TYPE.chart)
    .flatMap((r) => findPart(session.parts, r.part) ?? []);
  return { drawing, charts };
}

/** Writes a part: again in place when it is one of the old ones, or as a new part. */
function put(session: PackageSession, part: string | undefined, make: () => string, text: string, type: string): string {
  if (part !== undefined) {
    session.setText(part, text);
    return part;
  }
  const name = make();
  session.create(name, text, type);
  return name;
}

/**
 * Adds the parts of a sheet's charts to the package, hanging off `sheetPart` (whose old
 * relationships were dropped): in the parts the old charts used (`old`), so that writing a sheet
 * again changes no part's name, and in new ones for any more. Returns the relationship id of the
 * drawing, for the sheet's `<drawing>` element, or undefined when the sheet has no chart; old
 * parts left unused go as orphans.
 */
export function addCharts(session: PackageSession, sheetPart: string, plan: SheetPlan, old: ChartParts = { charts: [] }): string | undefined {
  const charts = plan.charts ?? [];
  if (charts.length === 0) return undefined;
  const folder = folderOf(folderOf(sheetPart).replace(/\/$/, "")); // xl/
  const drawingName = old.drawing ?? session.newPartName(`${folder}drawings/drawing`, ".xml");
  // The drawing's relationships are its new charts' alone.
  if (old.drawing !== undefined) session.dropRels(old.drawing);
  const relIds = charts.map((chart, i) => {
    const part = put(session, old.charts[i], () => session.newPartName(`${folder}charts/chart`, ".xml"), chartXml(plan, chart), CONTENT_TYPE.chart);
    return session.rels(drawingName).add(REL_TYPE.chart, part);
  });
  put(session, old.drawing, () => drawingName, drawingXml(charts, relIds), CONTENT_TYPE.drawing);
  return session.rels(sheetPart).add(REL_TYPE.drawing, drawingName);
}
