// Layer boundaries live here so that tools, not memory, keep them (docs/architecture.md).
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const noElectron = {
  name: 'electron',
  message: 'Keep this layer free of Electron: put Electron-only code in main/electron.',
  allowTypeImports: true,
};

const mainSyntax = [
  { selector: "Identifier[name='ipcMain']", message: 'ipcMain belongs in main/ipc only.' },
  { selector: "Identifier[name='ipcRenderer']", message: 'ipcRenderer belongs in preload only.' },
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // CommonJS: the Electron stand-in the packaged-app tests give the packaged main bundle.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    // A CommonJS module loads others with require(): that is what makes it one.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Pure Node layers: they run in tests, the harness and the CLI, where Electron is absent.
    files: [
      'main/core/**/*.ts',
      'main/app/**/*.ts',
      'main/cli.ts',
      'main/cli/**/*.ts',
      'main/window-policy.ts',
      'main/ipc/sender-check.ts',
      'test/**/*.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
  {
    files: ['main/**/*.ts'],
    ignores: ['main/ipc/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...mainSyntax,
        {
          // Only the visibility decision lets a key through (docs/security.md).
          selector: "TSAsExpression > TSTypeReference[typeName.name='Cleared']",
          message: 'Only main/core/exams/visibility.ts makes a Cleared question: ask it (show/showAll).',
        },
      ],
    },
  },
  {
    // A test process killed by its own test ends Vitest's fork ("Worker exited unexpectedly") and
    // the run red: process.kill(pid) with a pid left undefined by a fork that failed to spawn on a
    // loaded machine signals this process's whole group (issue 47). Tests kill a child by its handle.
    files: ['test/**/*.ts', 'scripts/**/*.{mjs,ts}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='process'][callee.property.name='kill']",
          message:
            'Kill a child by its handle (child.kill()): process.kill(undefined or 0) signals the test runner too.',
        },
      ],
    },
  },
  {
    files: ['main/core/exams/visibility.ts'],
    rules: { 'no-restricted-syntax': ['error', ...mainSyntax] },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            { group: ['node:*'], message: 'The renderer is a web page: no Node built-ins.' },
            { group: ['**/main/**'], message: 'The renderer talks to main only through the preload contract.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "Identifier[name='ipcRenderer']", message: 'ipcRenderer belongs in preload only.' },
      ],
    },
  },
);
