/**
 * The fast lane's set-up (jest.unit.config.js): a property test that names no number of runs
 * makes 20, not fast-check's 100. Those that name one ask `scaled` (scale.ts).
 */
import fc from "fast-check";

fc.configureGlobal({ numRuns: 20 });
