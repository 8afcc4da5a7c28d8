/** Turns one help page written in Markdown into a standalone HTML page titled GODS.<title>. */
export function markdownToHtml(source: string, title: string): string;
