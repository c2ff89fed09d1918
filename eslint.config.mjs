// One lint setup for the repository: typescript-eslint's recommended rules everywhere, plus the few
// conventions the platform relies on.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
          message: 'Focused tests hide the rest of the suite.',
        },
      ],
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
