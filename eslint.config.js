// npm run lint: ESLint for what a formatter cannot see (decision 0029), Prettier for the layout.
// The typed rules read the two tsconfigs' programs, so a promise from D1, a queue, KV or
// Drizzle's query builders is known to be one wherever it is dropped.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", ".wrangler/", "public/", "migrations/", "worker-configuration.d.ts", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        // The ops tests and this file are in neither tsconfig: TypeScript infers a project for them.
        projectService: { allowDefaultProject: ["eslint.config.js", "tests/ops/*.mjs"], maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 20 },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Drizzle's query builders are thenables, not Promises: without checkThenables a dropped `db.delete(…)` passes.
      // React Router's navigate answers a failed navigation with the error boundary; its promise only says when it ended.
      "@typescript-eslint/no-floating-promises": [
        "error",
        {
          checkThenables: true,
          allowForKnownSafeCalls: [
            { from: "package", name: "NavigateFunction", package: "react-router" },
            // node:test's runner awaits each test it was handed; the promise `test()` returns is for nesting.
            { from: "package", name: ["test", "describe"], package: "node:test" },
          ],
        },
      ],
      // React and Conform drop an event handler's return, and the shop's async handlers catch their own failures.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false, properties: false } }],
      "@typescript-eslint/await-thenable": "error",
      // A leading underscore names what a rest pattern leaves out on purpose (`{ terms: _terms, ...rest }`).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // The shop strips control characters on purpose: ANSI colours, XML 1.0's forbidden ones, header values.
      "no-control-regex": "off",
    },
  },
  {
    // React's hooks rules. Not 7.x's React Compiler rules (refs, set-state-in-effect, immutability…): the shop is not
    // compiled by it, and they flag its deliberate idioms (the latest-value ref, useHydrated's effect).
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // The cart's table and the staff lists say their roles aloud: restyled as cards or bare lists, Safari drops them.
      "jsx-a11y/no-redundant-roles": ["error", { nav: ["navigation"], ul: ["list"], thead: ["rowgroup"], tbody: ["rowgroup"] }],
      "jsx-a11y/no-interactive-element-to-noninteractive-role": ["error", { tr: ["none", "presentation"], canvas: ["img"], td: ["cell"] }],
      // A labelled region that scrolls sideways takes the keyboard's focus, or its hidden columns cannot be reached.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
      // The back office's CodeInput is an <input>.
      "jsx-a11y/label-has-associated-control": ["error", { controlComponents: ["CodeInput"] }],
    },
  },
  // The test helpers read the shop's JSON answers as `any` by default (Visitor's Reply<T = any>); the shop's own code has none.
  { files: ["tests/**"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  prettier,
);
