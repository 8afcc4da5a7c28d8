/**
 * What the Ledger's What of a book started again says (actions/restart.ts writes it): kept apart
 * from the planner, since the era's end and the undo read it in the pane's first load.
 */

/** The end of a restart's What when an era's end at its century may have been credited in the lost book. */
export const ERA_END_LOST = ", and any era's end with it";

/** Whether a restart's What says an era's end at its century may have been paid already: then it is not credited again. */
export const eraEndLost = (what: string | null | undefined): boolean => isRestartWhat(what) && what?.endsWith(ERA_END_LOST) === true;

/** Whether a Ledger's What is that of a book started again. */
export const isRestartWhat = (what: string | null | undefined): boolean => what?.startsWith("started again at century ") === true;
