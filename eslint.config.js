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
  // The layers (docs/architecture.md): views -> machines -> services -> schemas, and the server beside them sharing
  // the schemas (and the business-rule charts). An import that runs back up is an error, said in the layer's words.
  ...layer('src/schemas/**', 'Schemas are the bottom layer: zod and the product texts, shared by the app and the server.', [
    '**/machines/**',
    '**/views/**',
    '**/services/**',
    '**/qa/**',
    '**/server/**',
  ]),
  ...layer('src/services/**', 'Services do I/O for the charts: they know schemas, not charts or views.', [
    '**/machines/**',
    '**/views/**',
    '**/server/**',
  ]),
  ...layer('src/machines/**', 'Charts are rendered by views and never know them.', ['**/views/**', '**/server/**']),
  ...layer('src/views/**', 'Views render charts; the server is reached through services.', ['**/server/**']),
  // Business rules with states are charts both sides ask (an artwork's sale and custody): the server may read those.
  ...layer(
    'server/**',
    'The server shares only src/schemas and the business-rule charts with the app.',
    ['**/src/views/**', '**/src/services/**'],
    'src/machines/(?!artwork-life/)',
  ),
  // Below the routes nothing knows HTTP: repositories, services, the database, storage, mail and the outbound door
  // throw domain errors, which the routes answer.
  ...layer(
    ['server/**/*.repo.ts', 'server/**/*.service.ts', 'server/db/**', 'server/storage/**', 'server/mail/**', 'server/outbound/**'],
    'Below the routes nothing knows HTTP: throw a domain error (server/errors.ts) and let the route answer it.',
    ['**/src/views/**', '**/src/services/**', '**/http/**'],
    'src/machines/(?!artwork-life/)',
  ),
  // Queries live in repositories (`*.repo.ts`) and the database folder: elsewhere, no drizzle-orm.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.repo.ts', 'server/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportDeclaration[source.value=/^drizzle-orm/]', message: 'Queries live in a *.repo.ts: call a repository function.' },
      ],
    },
  },
);

/** One layer's rule: the files it holds may not import the folders above it. */
function layer(files, why, above, regex) {
  const patterns = [{ group: above, message: why }, ...(regex ? [{ regex, message: why }] : [])];
  return [{ files: [files].flat(), rules: { 'no-restricted-imports': ['error', { patterns }] } }];
}
