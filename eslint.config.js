// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const FEATURES = [
  'auth',
  'users',
  'profiles',
  'journal',
  'settings',
  'planning',
  'attendance',
  'workload',
  'contracts',
  'teacher',
];

/** Import boundaries of STYLE.md: domain is pure, features never import each other, server never imports UI. */
const featureBoundaries = FEATURES.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: FEATURES.filter((f) => f !== feature).flatMap((f) => [
              `**/features/${f}`,
              `**/features/${f}/**`,
            ]),
            message: 'Une fonctionnalité n’importe pas une autre fonctionnalité (STYLE.md).',
          },
          {
            group: ['**/app/**', '**/app'],
            message: 'features -> app est interdit (sens unique app -> features).',
          },
        ],
      },
    ],
  },
}));

/** Longest import chain the cycle rule follows: the longest cycle this tree ever had was 4 files. */
const CYCLE_MAX_DEPTH = 12;

/**
 * The shared layers under features, top to bottom (docs/architecture.md): each imports only the layers under
 * it, never features or app. api is the HTTP client alone (domain's schemas, no Dexie); db is Dexie alone (no
 * network). Matched on the relative path's first folder after the `../`s, so `../domain/sync/...` (the pure
 * merge) is not taken for the sync engine.
 */
const LAYERS = [
  { dir: 'ui', above: [] },
  { dir: 'services', above: ['ui'] },
  { dir: 'sync', above: ['ui', 'services'] },
  { dir: 'session', above: ['ui', 'services', 'sync'] },
  { dir: 'api', above: ['ui', 'services', 'session', 'sync', 'db'] },
  { dir: 'db', above: ['ui', 'services', 'session', 'sync', 'api'] },
  { dir: 'i18n', above: ['ui', 'services', 'session', 'sync', 'api', 'db', 'domain'] },
];

/** Every folder of src/ but the pure domain. */
const APP_LAYERS = ['app', 'features', 'ui', 'db', 'sync', 'i18n', 'api', 'session', 'services'];

const BASE_SYNTAX_RULES = [
  { selector: 'ExportDefaultDeclaration', message: 'Exports nommés uniquement (STYLE.md).' },
  { selector: 'TSEnumDeclaration', message: 'Unions de chaînes ou `as const` plutôt que enum.' },
];

const layerBoundaries = LAYERS.map(({ dir, above }) => ({
  files: [`src/${dir}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/features/**', '**/app/**', '**/app'],
            message: 'Les couches partagées n’importent ni features ni app.',
          },
          ...(above.length === 0
            ? []
            : [
                {
                  regex: `^(\\.\\./)+(${above.join('|')})(/|$)`,
                  message: `src/${dir} n’importe pas une couche au-dessus d’elle (${above.join(', ')}) : voir docs/architecture.md.`,
                },
              ]),
        ],
      },
    ],
    // The same order for import(): a dynamic import is an edge too (the base rules of src/ are repeated,
    // since this setting replaces theirs for these files).
    'no-restricted-syntax': [
      'error',
      ...BASE_SYNTAX_RULES,
      {
        selector: `ImportExpression[source.value=/^(\\.\\.\\/)+(${['features', 'app', ...above].join('|')})(\\/|$)/]`,
        message: `src/${dir} n’importe pas, même à la demande, une couche au-dessus d’elle : voir docs/architecture.md.`,
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'dev-dist',
      'bench/.tmp',
      'node_modules',
      'coverage',
      'test-results',
      'playwright-report',
      'data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...BASE_SYNTAX_RULES],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './tsconfig.sw.json',
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.serviceworker },
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'react/**', 'dexie', 'dexie-*'],
              message: 'src/domain est pur: ni React ni Dexie.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'Pas de DOM dans src/domain.' },
        { name: 'document', message: 'Pas de DOM dans src/domain.' },
        { name: 'localStorage', message: 'Pas de stockage dans src/domain.' },
        { name: 'fetch', message: 'Pas de réseau dans src/domain.' },
        { name: 'navigator', message: 'Pas de DOM dans src/domain.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Le temps est passé en paramètre (STYLE.md).' },
        { object: 'DateTime', property: 'now', message: 'Le temps est passé en paramètre (STYLE.md).' },
      ],
    },
  },
  ...layerBoundaries,
  ...featureBoundaries,
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'dexie'],
              message: 'server/ importe seulement src/domain (et ses textes, src/i18n).',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles: a cycle hides an order of initialisation and ties two modules into one. Dynamic
    // import() counts (it only defers the cycle); type-only imports do not (they vanish from the build).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/ignore': ['node_modules'],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: CYCLE_MAX_DEPTH }],
      // Boundaries on resolved paths (not on the import's text): src/domain/sync is domain, never the sync
      // engine; server/ may import src/domain and the texts of src/i18n, nothing of the app.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/domain',
              from: APP_LAYERS.map((dir) => `./src/${dir}`),
              message: 'src/domain n’importe que src/domain.',
            },
            {
              target: './server',
              from: APP_LAYERS.filter((dir) => dir !== 'i18n').map((dir) => `./src/${dir}`),
              message: 'server/ importe seulement src/domain.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['*.config.ts', '*.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
