/**
 * Every test, by layer under test/. TypeScript is only transpiled here (tsconfig.jest.json):
 * `npm run typecheck` checks the types once, for the project and for the engine alone.
 */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }] },
  testTimeout: 120000,
  // Both cores: jest's default (one worker fewer than the cores) leaves a 2-core machine one worker.
  maxWorkers: 2,
};
