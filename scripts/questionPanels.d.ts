/** The task pane's page with every <question-panel> placeholder made the panel's markup (scripts/questionPanels.js). */
export function withQuestionPanels(html: string): string;
