/**
 * This copy of the add-in (one per computer and pane) by a name of its own, made when it starts:
 * the key of its claims and of its log in the workbook's settings, and how a message tells this
 * computer's payments from another's.
 */
export const THIS_COMPUTER = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
