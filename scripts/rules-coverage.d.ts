/** Types for scripts/rules-coverage.js, so the tests can import it. */
export interface RuleCoverage {
  readonly rule: string;
  readonly by: readonly string[];
  readonly other?: string;
  /** why nothing computes the rule (then `by` is empty and `other` absent) */
  readonly why?: string;
}
export interface SectionCoverage {
  readonly section: string;
  /** the section's page of the rules notes, from docs/ */
  readonly note: string;
  readonly title: string;
  /** another game's rule book; absent for chapters 4 and 5 of The Gods II */
  readonly book?: string;
  readonly rules: readonly RuleCoverage[];
}
/** Numbered rules of chapters 4 and 5 that no section of the rules notes takes up. */
export interface OtherCoverage {
  readonly title: string;
  readonly rules: readonly RuleCoverage[];
}
export const SECTIONS: readonly SectionCoverage[];
export const OTHERS: readonly OtherCoverage[];
export const OUTPUT: string;
/** The @customfunction declarations, every file in the build's order. */
export function declarationsSource(): string;
export function declaredFunctions(source: string): string[];
export function renderCoverage(source: string): string;
