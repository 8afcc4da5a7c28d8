const tseslint = require("typescript-eslint");

module.exports = tseslint.config(
  { ignores: ["dist/", "build/", "node_modules/", "test-output/", "coverage/"] },
  ...tseslint.configs.recommended,
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
);
