// React's rules of hooks for every file that holds components or hooks (https://react.dev/reference/rules).
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * @param {{ files: string[] }} options the globs of the files with React code (every `.tsx`, and the `.ts` folders
 *   that hold hooks).
 * @returns {import('eslint').Linter.Config[]}
 */
export function react({ files }) {
  return [
    {
      files,
      plugins: { 'react-hooks': reactHooks },
      rules: {
        'react-hooks/rules-of-hooks': 'error',
        'react-hooks/exhaustive-deps': 'warn',
      },
    },
  ];
}
