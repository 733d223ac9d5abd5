import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import stylistic from '@stylistic/eslint-plugin';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'server/db/migrations/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // a file holds one thing: past 500 lines it is split (the demo's seed data and the catalogues' texts excepted)
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['server/db/seed/**', 'i18n/**'],
    rules: { 'max-lines': ['error', { max: 500 }] },
  },
  {
    // a line is read without scrolling: past 120 characters it is wrapped (URLs, regular expressions and template
    // literals, where the SQL is written, excepted; so are the demo's seed data and the catalogues' texts)
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['server/db/seed/**', 'i18n/**'],
    plugins: { '@stylistic': stylistic },
    rules: {
      '@stylistic/max-len': [
        'error',
        { code: 120, ignoreUrls: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  {
    // a function does one thing: past 150 lines (blank lines and comments not counted) it is split into named steps
    files: ['{server,src,domain,scripts,bench}/**/*.{ts,tsx,js,mjs}'],
    ignores: ['server/db/seed/**'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/components/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
