/**
 * How large the property and scale tests run. The fast lane (`npm run test:unit`,
 * jest.unit.config.js) sets GODS_TEST_SCALE=small: the same tests with a few runs and small
 * columns, so it answers in seconds while one works; `npm test` runs every one at full size.
 */
export const SMALL_LANE = process.env.GODS_TEST_SCALE === "small";

/** `full` in the full run, `small` in the fast lane. */
export const scaled = (full: number, small: number): number => (SMALL_LANE ? small : full);
