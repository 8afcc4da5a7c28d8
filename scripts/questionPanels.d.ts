/** The task pane's page with every <question-panel> placeholder made the panel's markup (scripts/questionPanels.js). */
export function withQuestionPanels(html: string): string;
/** The page with every <pane-part> placeholder made the markup of that file in `folder` (scripts/questionPanels.js). */
export function withParts(html: string, folder: string): string;
/** The page as the build makes it: its parts joined in, its question panels written out. */
export function builtPage(html: string, folder: string): string;
