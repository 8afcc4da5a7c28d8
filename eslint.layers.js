/**
 * The lint's layer rules, on their own so that the test of the layers (test/build/layers.test.ts)
 * can lint with them alone, without the type-checked rules' TypeScript program.
 */
/**
 * The layers, bottom up: a module may import its own layer and those below it, never one above
 * (ARCHITECTURE.md, "Layers"). Each entry: the files, and the folders they must not reach.
 */
const LAYERS = [
  { files: ["src/engine/**/*.ts"], above: ["functions", "workbook", "cli", "taskpane", "commands"] },
  { files: ["src/functions/**/*.ts"], above: ["workbook", "cli", "taskpane", "commands"] },
  { files: ["src/workbook/model/**/*.ts"], above: ["read", "plan", "actions", "xlsx", "office", "cli", "taskpane", "commands"] },
  { files: ["src/workbook/read/**/*.ts"], above: ["plan", "actions", "xlsx", "office", "cli", "taskpane", "commands"] },
  { files: ["src/workbook/plan/**/*.ts"], above: ["actions", "xlsx", "office", "cli", "taskpane", "commands"] },
  { files: ["src/workbook/actions/**/*.ts"], above: ["xlsx", "office", "cli", "taskpane", "commands"] },
  { files: ["src/workbook/xlsx/**/*.ts"], above: ["office", "cli", "taskpane", "commands"] },
  { files: ["src/workbook/office/**/*.ts"], above: ["xlsx", "cli", "taskpane", "commands"] },
  { files: ["src/cli/**/*.ts"], above: ["office", "taskpane", "commands"] },
  { files: ["src/taskpane/**/*.ts", "src/commands/**/*.ts"], above: ["xlsx", "cli"] },
];

/** A relative import that goes through one of `folders` (src/ and src/workbook/ name no two folders alike). */
const reaching = (folders) => `^\\.\\.?/(.*/)?(${folders.join("|")})(/|$)`;

/**
 * The command line and the pane see the workbook code through façades: src/workbook/index.ts
 * (reading, planning, the status, problems), their own adapter's index, and src/workbook/words.ts
 * (the words of a problem, which loads nothing else), never a module inside.
 */
const FACADES = [
  { files: ["src/cli/**/*.ts"], adapter: "xlsx" },
  { files: ["src/taskpane/**/*.ts", "src/commands/**/*.ts"], adapter: "office" },
];
const inside = (adapter) => `^(\\.\\./)+workbook/(?!${adapter}$|words$)`;

/** One `no-restricted-imports` entry per layer. */
module.exports = LAYERS.map(({ files, above }) => {
  const facade = FACADES.find((f) => f.files[0] === files[0]);
  const patterns = [{ regex: reaching(above), message: "A layer imports only from its own layer and those below it (ARCHITECTURE.md)." }];
  if (facade !== undefined)
    patterns.push({
      regex: inside(facade.adapter),
      message: `Import the workbook code through src/workbook/index.ts or src/workbook/${facade.adapter}/index.ts (ARCHITECTURE.md).`,
    });
  return { files, rules: { "no-restricted-imports": ["error", { patterns }] } };
});
