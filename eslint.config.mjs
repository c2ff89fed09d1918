// One lint setup for the repository: typescript-eslint's recommended rules everywhere, plus the few
// conventions the platform relies on.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// no-restricted-syntax takes one list per file: a later block replaces the earlier one, so each block that adds a
// selector spreads these in again.
const FOCUSED_TESTS = {
  selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
  message: 'Focused tests hide the rest of the suite.',
};

// A query's rows are typed where they are read, by rows<T>(), one<T>() or affected() (CONTRIBUTING, Persistence),
// never cast afterwards: `as XRow`, `as XRow[]`, `as XRow | undefined`, `as Array<XRow>`, `<XRow>x`.
const ROW_CAST_MESSAGE =
  'Type the rows where the query reads them: rows<XRow>(), one<XRow>() from @tourly/platform.';
const NO_ROW_CASTS = ['TSAsExpression', 'TSTypeAssertion'].flatMap((cast) =>
  [
    `${cast} > TSTypeReference.typeAnnotation[typeName.name=/Row$/]`,
    `${cast} > TSArrayType.typeAnnotation > TSTypeReference.elementType[typeName.name=/Row$/]`,
    `${cast} > TSUnionType.typeAnnotation > TSTypeReference[typeName.name=/Row$/]`,
    `${cast} > TSUnionType.typeAnnotation > TSArrayType > TSTypeReference.elementType[typeName.name=/Row$/]`,
    // Array<XRow>, Promise<XRow[]>, Readonly<XRow>...
    `${cast} > TSTypeReference.typeAnnotation TSTypeReference[typeName.name=/Row$/]`,
  ].map((selector) => ({ selector, message: ROW_CAST_MESSAGE })),
);

// SQL only in *.repository.ts (CONTRIBUTING, "Persistence"): elsewhere in a service no statement is run.
const SQL_MESSAGE = 'SQL belongs in a *.repository.ts: call a repository method (it takes the transaction).';
const NO_SQL = [
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='query']",
    message: SQL_MESSAGE,
  },
];
const NO_SQL_HELPERS = {
  name: '@tourly/platform',
  importNames: ['rows', 'one', 'affected'],
  message: SQL_MESSAGE,
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      'coverage/**',
      'bench/results/**',
      'web/src/api/schema.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        fetch: 'readonly',
        AbortSignal: 'readonly',
        Buffer: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'writable',
        globalThis: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-unsafe-function-type': 'off',
      'no-restricted-syntax': ['error', FOCUSED_TESTS, ...NO_ROW_CASTS],
      // Services read their environment once, through their config class.
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through the service config class (loadConfig).',
        },
      ],
    },
  },
  {
    // Where the environment is read on purpose: config loading, launchers, test harness, tools, benches.
    files: [
      'libs/platform/src/config/**',
      'libs/platform/src/testing/**',
      'infra/**',
      'bench/**',
      '**/main.ts',
      '**/test/**',
      'test/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
      'web/vite.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { setImmediate: 'readonly', __filename: 'readonly' },
    },
  },
  {
    // A service's code outside its repositories and migrations runs no SQL.
    files: ['services/*/src/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/migrations/**', '**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': ['error', FOCUSED_TESTS, ...NO_ROW_CASTS, ...NO_SQL],
      'no-restricted-imports': ['error', { paths: [NO_SQL_HELPERS] }],
    },
  },
  {
    // Controllers (and listeners, Nest controllers too) only translate: they call the service, never a repository.
    files: ['services/*/src/**/*.controller.ts', 'services/*/src/**/*.listener.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [NO_SQL_HELPERS],
          patterns: [
            {
              regex: '\\.repository$',
              message:
                'A controller calls its service; the service calls the repository (CONTRIBUTING, "A feature folder").',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        fetch: 'readonly',
        navigator: 'readonly',
        localStorage: 'readonly',
        HTMLElement: 'readonly',
        HTMLMetaElement: 'readonly',
        Response: 'readonly',
        Headers: 'readonly',
        RequestInit: 'readonly',
        AbortController: 'readonly',
        URLSearchParams: 'readonly',
        Intl: 'readonly',
      },
    },
  },
);
