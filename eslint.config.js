const tseslint = require("typescript-eslint");
const officeAddins = require("eslint-plugin-office-addins");
const layers = require("./eslint.layers.js");

module.exports = tseslint.config(
  { ignores: ["dist/", "build/", "build-bench/", "node_modules/", "test-output/", "coverage/"] },
  ...tseslint.configs.strictTypeChecked,
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: __dirname } } },
  // The plain .js files (bin/, scripts/, the config files) are CommonJS outside the TypeScript
  // project: no type information to check them with.
  {
    files: ["**/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["**/*.js"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
    languageOptions: { sourceType: "commonjs" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      eqeqeq: ["error", "always"],
      "no-console": "off",
    },
  },
  {
    files: ["**/*.ts"],
    rules: {
      // A number in a message reads as it should; anything else is turned into text on purpose.
      // Every option is spelled out: one left unsaid would fall back to the rule's lax default.
      "@typescript-eslint/restrict-template-expressions": [
        "error",
        { allowNumber: true, allowAny: false, allowBoolean: false, allowNever: false, allowNullish: false, allowRegExp: false },
      ],
    },
  },
  // Office.js habits: never a round trip per item.
  {
    files: ["src/**/*.ts", "test/**/*.ts"],
    plugins: { "office-addins": officeAddins },
    rules: {
      "office-addins/no-context-sync-in-loop": "error",
      "office-addins/no-empty-load": "error",
      "office-addins/no-navigational-load": "error",
    },
  },
  ...layers,
);
