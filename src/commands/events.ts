/**
 * How the ribbon's End century button reaches the task pane. The runtime is shared, so the
 * command and the pane live in one page: a window event reaches the pane even while it is
 * hidden, and the pane asks its question as soon as it has read the campaign.
 */
export const CENTURY_END_EVENT = "gods:century-end";

/** The ribbon asks for the century end's question. */
export type CenturyEndNews = { readonly state: "ask" };

export function announce(news: CenturyEndNews): void {
  window.dispatchEvent(new CustomEvent<CenturyEndNews>(CENTURY_END_EVENT, { detail: news }));
}

export function onCenturyEndNews(listener: (news: CenturyEndNews) => void): void {
  window.addEventListener(CENTURY_END_EVENT, (e) => {
    listener((e as CustomEvent<CenturyEndNews>).detail);
  });
}
