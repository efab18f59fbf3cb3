import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      // A cast of unvalidated data hides a boundary; validate with zod instead.
      "@typescript-eslint/consistent-type-assertions": ["error", { assertionStyle: "as", objectLiteralTypeAssertions: "never" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["warn", { allow: ["warn", "error", "info"] }],
      // App Router only: there is no pages/ directory to check links against.
      "@next/next/no-html-link-for-pages": "off",
    },
  },
  {
    // Scripts and the campus server print to the terminal by design.
    files: ["scripts/**", "campus/**", "e2e/**"],
    rules: { "no-console": "off" },
  },
  {
    // Playwright fixtures hand values on with a function named `use`; it is not a React hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  globalIgnores([".next/**", "out/**", "build/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "bench-results/**"]),
]);
