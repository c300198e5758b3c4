// Lint for the whole tree: TypeScript's recommended rules, React's hook rules and jsx-a11y's accessibility rules on
// the views. Formatting is Prettier's job (npm run format), so no stylistic rules here.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'dist-sourcemaps/', 'styled-system/', 'charts/', 'coverage/', '.tmp/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // An unused name is a mistake, except a deliberately ignored one spelled with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/app/**', 'test/model/**', 'bench/post-editor-harness/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.tsx', 'bench/post-editor-harness/**'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
);
