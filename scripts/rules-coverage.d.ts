/** Types for scripts/rules-coverage.js, so the tests can import it. */
export interface RuleCoverage {
  readonly rule: string;
  readonly by: readonly string[];
  readonly other?: string;
}
export interface SectionCoverage {
  readonly section: string;
  /** the section's page of the rules notes, from docs/ */
  readonly note: string;
  readonly title: string;
  readonly rules: readonly RuleCoverage[];
}
export const SECTIONS: readonly SectionCoverage[];
export const OUTPUT: string;
export const FUNCTIONS: string;
export function declaredFunctions(source: string): string[];
export function renderCoverage(source: string): string;
