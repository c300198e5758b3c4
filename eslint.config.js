// Lint for the whole tree: TypeScript's recommended rules, React's hook rules and jsx-a11y's accessibility rules on
// the views. Formatting is Prettier's job (npm run format), so no stylistic rules here.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The app's code the server and the scripts run too: both sides' limits hold there. */
const SHARED_WITH_SERVER = ['src/schemas/**', 'src/machines/artwork-life/**', 'src/qa/chart-*.ts'];

/** Globals (from the globals package) one side has and the other lacks, each with what to say where it is refused. */
const only = (side, other, message) =>
  Object.keys(side)
    .filter((name) => !(name in other) && !(name in globals.es2021))
    .map((name) => ({ name, message }));
const NODE_ONLY = only(globals.node, globals.browser, 'This runs in the browser, which has no such global.');
const BROWSER_ONLY = only(globals.browser, globals.node, 'This runs in Node, which has no such global.');

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
  // What each side runs on: the app in the browser, the server and the scripts in Node, and the code the server shares
  // with the app (schemas, the business-rule charts, the chart drawings the scripts make) in both. A name only the other
  // side has is refused where it would be undefined at run time. (The type check is one program with both sides'
  // types, so this, not the compiler, holds the sides apart.)
  runsIn(['src/**/*.{ts,tsx}'], NODE_ONLY),
  runsIn(['server/**', 'scripts/**', '*.ts'], BROWSER_ONLY),
  runsIn(SHARED_WITH_SERVER, [...NODE_ONLY, ...BROWSER_ONLY]),
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
  // The AT Protocol libraries load when the server first talks to Bluesky, not when it starts (atproto-libs.ts says why):
  // elsewhere only their types are imported.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/social/providers/bluesky/atproto-libs.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        ...['@atproto/api', '@atproto/oauth-client-node'].map((name) => ({
          name,
          allowTypeImports: true,
          message: 'Loaded on first use: await atprotoApi() or atprotoOAuth() from server/social/providers/bluesky/atproto-libs.ts.',
        })),
      ],
    },
  },
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

/** The files of a side may not use the globals given. */
function runsIn(files, refused) {
  return { files, rules: { 'no-restricted-globals': ['error', ...refused] } };
}

/** One layer's rule: the files it holds may not import the folders above it. */
function layer(files, why, above, regex) {
  const patterns = [{ group: above, message: why }, ...(regex ? [{ regex, message: why }] : [])];
  return [{ files: [files].flat(), rules: { 'no-restricted-imports': ['error', { patterns }] } }];
}
