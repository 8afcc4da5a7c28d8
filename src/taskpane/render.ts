/**
 * What every card shows the same way: messages, problems that lead to their cell, a payments
 * table, and the warnings of a question before paying.
 */
import { describeProblem, type HandOut, type Problem, type Payment } from "../workbook";
import { el, shown } from "./dom";

export type Tone = "done" | "info" | "error";

/** Called when the gamemaster clicks a problem that points at a cell. */
export type GoTo = (address: string, from: HTMLElement) => void;

/** A sentence of the workbook layer as the pane shows it: "(this row)" points at nothing in a pane, where the problem's link leads to the row. */
export function said(text: string): string {
  return text.replace(/ \(this row\)/g, "");
}

export function plural(n: number, one: string, many: string = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The list of problems, each a button that selects its cell when the problem has one. */
export function problemList(problems: readonly Problem[], goTo: GoTo): HTMLUListElement {
  const list = el("ul", { className: "problems" });
  for (const p of problems) {
    const tag = el("span", { className: "tag", text: p.severity === "error" ? "Error" : "Warning" });
    const text = el("span", { text: said(describeProblem(p)) });
    let item: HTMLElement;
    if (p.address !== undefined) {
      const address = p.address;
      item = el(
        "button",
        { className: "problem-link", attrs: { type: "button", title: `Select ${address}` } },
        tag,
        text,
        el("span", { className: "where", text: `Go to ${address}` }),
      );
      item.addEventListener("click", () => {
        goTo(address, item);
      });
    } else {
      item = el("div", { className: "problem-text" }, tag, text);
    }
    list.append(el("li", { className: p.severity }, item));
  }
  return list;
}

/** A message in one of the sections' result areas. */
export function showMessage(target: HTMLElement, tone: Tone, message: string, details: readonly string[] = []): void {
  const box = el("div", { className: `message ${tone}`, attrs: tone === "error" ? { role: "alert" } : {} }, el("p", { text: message }));
  if (details.length > 0) box.append(el("ul", {}, ...details.map((d) => el("li", { text: d }))));
  target.replaceChildren(box);
  // A form refused before any action began: the refusal takes the keyboard's place, in view (an action's answer is placed as it ends).
  if (tone === "error" && document.getElementById("app")?.getAttribute("aria-busy") !== "true") {
    box.tabIndex = -1;
    box.scrollIntoView({ block: "nearest" });
    box.focus({ preventScroll: true });
  }
}

/** Why an action wrote nothing: the problems, each leading to its cell. */
export function showProblems(target: HTMLElement, heading: string, problems: readonly Problem[], goTo: GoTo): void {
  target.replaceChildren(el("div", { className: "message error", attrs: { role: "alert" } }, el("p", { text: heading }), problemList(problems, goTo)));
}

/** What an account carries, or what it owes when it is below 0 (a minus sign is easy to miss). */
export const carried = (n: number): string => (n < 0 ? `owes ${shown(-n)}` : shown(n));

const SVG = "http://www.w3.org/2000/svg";

/**
 * A small line of what a recipient earned, century by century, ending on what the century in
 * play would earn (a dot): drawn in the text's colour, so it follows the theme. Undefined when
 * no century has ended yet (one point makes no line).
 */
export function trendLine(god: string, earned: readonly number[], now: number): SVGSVGElement | undefined {
  if (earned.length === 0) return undefined;
  const values = [...earned, now];
  const [w, h, pad] = [64, 16, 2];
  const top = Math.max(...values, 0);
  const bottom = Math.min(...values, 0);
  const x = (i: number) => pad + (i * (w - 2 * pad)) / (values.length - 1);
  const y = (v: number) => h - pad - ((v - bottom) * (h - 2 * pad)) / (top - bottom || 1);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "trend");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("width", String(w));
  svg.setAttribute("height", String(h));
  svg.setAttribute("role", "img");
  // Each century's figure is net, less what debits took, as the Campaign History's Earned (net).
  const words = `${god} earned (net) ${earned.map((v, i) => `${shown(v)} in century ${i + 1}`).join(", ")}; ${shown(now)} if this century ended now`;
  svg.setAttribute("aria-label", words);
  const line = document.createElementNS(SVG, "polyline");
  line.setAttribute("points", values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
  const dot = document.createElementNS(SVG, "circle");
  dot.setAttribute("cx", x(values.length - 1).toFixed(1));
  dot.setAttribute("cy", y(now).toFixed(1));
  dot.setAttribute("r", "2");
  svg.append(line, dot);
  return svg;
}

/**
 * A payments table per recipient: the fraction its account kept from before, what it earned, the
 * whole mana paid, and the fraction kept for later (one word each, so a header never breaks at 320 px); with `trends` (the
 * preview), each name has a small line of what it earned in the centuries so far.
 */
export function paymentsTable(
  caption: string,
  payments: readonly Payment[],
  trends: readonly { readonly god: string; readonly earned: readonly number[] }[] = [],
): HTMLTableElement {
  const trend = new Map(trends.map((t) => [t.god, t.earned]));
  const head = ["Before", "Earned", "Paid", "Kept"];
  return el(
    "table",
    { className: "payments" },
    el("caption", { text: caption }),
    el(
      "thead",
      {},
      el("tr", {}, el("th", { text: "God", attrs: { scope: "col" } }), ...head.map((h) => el("th", { text: h, className: "num", attrs: { scope: "col" } }))),
    ),
    el(
      "tbody",
      {},
      ...payments.map((p) =>
        el(
          "tr",
          {},
          el("th", { text: p.god, attrs: { scope: "row" } }, ...[trendLine(p.god, trend.get(p.god) ?? [], p.earned)].filter((t) => t !== undefined)),
          el("td", { className: "num", text: carried(p.carryIn) }),
          el("td", { className: "num", text: shown(p.earned) }),
          el("td", { className: "num strong", text: shown(p.paid) }),
          el("td", { className: "num", text: carried(p.carry) }),
        ),
      ),
    ),
  );
}

/** What to do at the box for a difference: hand out more, take back, or nothing. */
export function atTheBox(difference: number): string {
  return difference > 0 ? `hand out ${difference} more` : difference < 0 ? `take back ${-difference}` : "nothing";
}

/** A century calculated again, at the distribution points: what was paid, what is paid now, and only the difference to hand out or take back. */
export function handOutTable(caption: string, lines: readonly HandOut[]): HTMLTableElement {
  return el(
    "table",
    { className: "payments hand-out" },
    el("caption", { text: caption }),
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        el("th", { text: "God", attrs: { scope: "col" } }),
        ...["Paid before", "Paid now"].map((h) => el("th", { text: h, className: "num", attrs: { scope: "col" } })),
        el("th", { text: "At the box", attrs: { scope: "col" } }),
      ),
    ),
    el(
      "tbody",
      {},
      ...lines.map((h) =>
        el(
          "tr",
          { className: h.difference === 0 ? "" : "changed" },
          el("th", { text: h.god, attrs: { scope: "row" } }),
          el("td", { className: "num", text: String(h.before) }),
          el("td", { className: "num", text: String(h.now) }),
          el("td", { className: h.difference === 0 ? "" : "strong", text: atTheBox(h.difference) }),
        ),
      ),
    ),
  );
}

/** A question's list: the warnings that change what someone is paid first, each marked so, then the notes. */
export function warningItems(pay: readonly Problem[], notes: readonly string[] = []): HTMLElement[] {
  return [
    ...pay.map((p) => el("li", { className: "changes-pay" }, el("strong", { text: "Changes pay: " }), document.createTextNode(said(describeProblem(p))))),
    ...notes.map((text) => el("li", { text })),
  ];
}

/** The Yes of a payment: it says when it pays despite warnings that change pay. */
export function payDespite(yes: string, pay: readonly Problem[]): string {
  return pay.length === 0 ? yes : `${yes} despite ${plural(pay.length, "warning")}`;
}
