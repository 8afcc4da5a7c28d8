/**
 * The words of a problem, a façade that loads nothing else: the command line's answers (its exit
 * codes and refusals) use it before any command's code is loaded.
 */
export { describeProblem, type Problem } from "./model/problems";
export { shownList, shownName } from "./model/shown";
