/**
 * How the ribbon's End century button tells the task pane what it is doing. The runtime is
 * shared, so the command and the pane live in one page: a window event reaches the pane even
 * while it is hidden, and it shows the result as soon as it opens.
 */
import type { ActionStep, CenturyEndInExcel } from "../workbook/office/actions";

export const CENTURY_END_EVENT = "gods:century-end";

export type CenturyEndNews =
  | { readonly state: "started" }
  | { readonly state: "step"; readonly step: ActionStep }
  | { readonly state: "waiting"; readonly attempt: number }
  | { readonly state: "done"; readonly outcome: CenturyEndInExcel }
  | { readonly state: "failed"; readonly error: unknown };

export function announce(news: CenturyEndNews): void {
  window.dispatchEvent(new CustomEvent<CenturyEndNews>(CENTURY_END_EVENT, { detail: news }));
}

export function onCenturyEndNews(listener: (news: CenturyEndNews) => void): void {
  window.addEventListener(CENTURY_END_EVENT, (e) => listener((e as CustomEvent<CenturyEndNews>).detail));
}
