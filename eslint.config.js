// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'dev-dist',
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
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Exports nommés uniquement (STYLE.md).' },
        { selector: 'TSEnumDeclaration', message: 'Unions de chaînes ou `as const` plutôt que enum.' },
      ],
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
            {
              group: ['**/db/**', '**/features/**', '**/ui/**', '**/app/**', '**/sync/**', '**/i18n/**'],
              message: 'src/domain n’importe que src/domain.',
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
  {
    files: [
      'src/ui/**/*.{ts,tsx}',
      'src/db/**/*.ts',
      'src/sync/**/*.ts',
      'src/i18n/**/*.ts',
      'src/services/**/*.ts',
      'src/session/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**', '**/app'],
              message: 'Les couches partagées n’importent ni features ni app.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/src/app/**',
                '**/src/features/**',
                '**/src/ui/**',
                '**/src/db/**',
                '**/src/sync/**',
                'react',
                'react-*',
                'dexie',
              ],
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
