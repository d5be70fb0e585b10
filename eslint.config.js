import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports point one way: schema → runtime / designer → shell; the server may use only schema. */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.e2e-data', 'test-results', 'playwright-report', '.test-reports', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-implied-eval': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['src/schema/**'], rules: restrict([{ group: ['react', 'react-dom', '@formily/react', '@formily/antd-v5', 'antd', '**/runtime/**', '**/designer/**', '**/shell/**', '**/server/**'], message: 'src/schema is pure: no React, DOM, runtime, designer, shell or server code.' }]) },
  { files: ['src/runtime/**'], rules: restrict([{ group: ['**/designer/**', '**/shell/**', '**/server/**'], message: 'src/runtime may import only src/schema, React, Formily and antd.' }]) },
  { files: ['src/designer/**'], rules: restrict([{ group: ['**/shell/**', '**/server/**', '**/runtime/*/**'], message: 'src/designer may import src/schema and the public entry of src/runtime.' }]) },
  { files: ['server/**'], rules: restrict([{ group: ['**/src/runtime/**', '**/src/designer/**', '**/src/shell/**', 'react', 'antd'], message: 'The server may import only src/schema.' }]) },
);
