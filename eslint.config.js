/**
 * Lint: typescript-eslint, the rules of hooks, and the import arrows of docs/architecture.md —
 * contract/ imports nothing of the others; server/ and sw/ never import the app; inside src/ the
 * layers point one way (routes → features → components → stores → api → lib); no import circles.
 * Formatting is Prettier's (`npm run format`), so no stylistic rule here.
 */
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A zone: files under `target` must not import from any of `from` (minus `except`, relative to each `from`). */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

const SRC_LAYERS = ['app', 'routes', 'features', 'components', 'stores', 'api', 'lib'];
/** Each layer of src/ may import the layers after it in SRC_LAYERS, never those before it. */
const layerZones = [
  ...SRC_LAYERS.slice(1).map((layer, index) =>
    zone(
      `./src/${layer}`,
      SRC_LAYERS.slice(0, index + 1).map((upper) => `./src/${upper}`),
      `src/${layer} is below ${SRC_LAYERS.slice(0, index + 1).join(', ')} (docs/architecture.md, the arrows)`,
    ),
  ),
  zone('./src/lib', ['./src'], 'src/lib is pure: it imports nothing of src/ but itself and the leaf env.ts', [
    './lib',
    './env.ts',
  ]),
];

/** The tiers: contract/ shared by all and importing none; the server, the app and the service worker apart. */
const SEPARATION = [
  zone(
    './contract',
    ['./src', './server', './sw', './admin', './e2e', './bench', './scripts'],
    'contract/ imports nothing of the others',
  ),
  zone('./server', ['./src', './sw', './admin'], 'the server reaches the app only through contract/ or its build'),
  zone('./sw', ['./src', './server', './admin'], 'the service worker imports contract/ only'),
  zone(
    './src',
    ['./server', './sw', './admin'],
    'the app shares with the server and the service worker only through contract/',
  ),
  zone('./admin', ['./server', './sw'], 'the console reaches the server only through /admin-api and contract/'),
  zone('./admin', ['./src'], 'the console may use src/components and src/lib only', ['./components', './lib']),
];

/**
 * String.replace and replaceAll read `$&`, `` $` ``, `$'`, `$1` and `$$` in a replacement string as
 * patterns, so a replacement built from data (a member's title, a search keyword) copies parts of
 * the subject into the result. A replacement is a literal or a function; text goes in by slicing.
 */
const REPLACEMENT_FROM_DATA = {
  selector:
    "CallExpression[callee.property.name=/^replace(All)?$/][arguments.length=2]:not([arguments.1.type=/^(Literal|ArrowFunctionExpression|FunctionExpression)$/]):not([arguments.1.type='TemplateLiteral'][arguments.1.expressions.length=0])",
  message:
    "A replacement string reads $& $` $' $1 as patterns: pass a literal, a function (() => text), or insert by slicing.",
};

export default tseslint.config(
  {
    // What .gitignore keeps out (built, generated, cached: .cache holds demo video segments named *.ts).
    ignores: [
      'dist/**',
      'dist-server/**',
      'data/**',
      '.cache/**',
      '.scratch/**',
      'test-results/**',
      'node_modules/**',
      '.artifacts/**',
      'public/**',
      'coverage/**',
      '**/*.d.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...SEPARATION, ...layerZones] }],
    },
  },
  {
    // The app and the service worker take only types from the calls' modules: their values are zod
    // schemas, which would pull zod into the visitors' bundles. Limits the client checks live in
    // the zod-free *-limits.ts modules beside them.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'contract/calls/(account|community|content|downloads|member|publish)\\.ts$',
              allowTypeImports: true,
              message:
                'Import only types from the calls’ schema modules (zod stays out of the client); limits are in *-limits.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'server/test/**', 'e2e/**'],
    rules: { 'no-restricted-syntax': ['error', REPLACEMENT_FROM_DATA] },
  },
  {
    // Every dynamic import of the app and the console goes through loadChunk (src/lib/load-chunk.ts),
    // which turns the `undefined` of a prevented preload error into the rejection it is; the route
    // table's route() hands its screens' imports to it.
    files: ['src/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportExpression:not(CallExpression[callee.name=/^(loadChunk|route)$/] > ArrowFunctionExpression.arguments > ImportExpression.body)',
          message:
            'Import a chunk as loadChunk(() => import(…)) (src/lib/load-chunk.ts): a prevented preload resolves to undefined.',
        },
        REPLACEMENT_FROM_DATA,
      ],
    },
  },
  {
    // A test composes the layers as the app does (e.g. the API client with the app's hooks):
    // inside src/ it may import any layer; the separation of the tiers still holds.
    files: ['**/*.test.{ts,tsx}', 'src/test-support/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: SEPARATION }] },
  },
  prettier,
);
