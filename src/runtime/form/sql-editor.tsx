import Editor, { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/languages/definitions/sql/register';
// the editing features a SQL field needs (the bare editor API brings none)
import 'monaco-editor/features/suggest/register';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/features/snippet/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/features/linesOperations/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';

/** SQL keywords the editor completes (spec 001 §9). */
export const SQL_KEYWORDS = ['SELECT', 'FROM', 'WHERE', 'AND', 'OR', 'LIMIT', 'ORDER BY', 'GROUP BY'];

// Monaco comes from the bundle (never a CDN); its one worker is bundled too.
(self as unknown as { MonacoEnvironment: { getWorker(): Worker } }).MonacoEnvironment = { getWorker: () => new EditorWorker() };
loader.config({ monaco });
let completions: monaco.IDisposable | null = null;
function registerCompletions(): void {
  completions ??= monaco.languages.registerCompletionItemProvider('sql', {
    provideCompletionItems: (model, position) => {
      const word = model.getWordUntilPosition(position);
      const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn };
      return {
        suggestions: SQL_KEYWORDS.map((k) => ({ label: k, kind: monaco.languages.CompletionItemKind.Keyword, insertText: k, range })),
      };
    },
  });
}

/** TEXTAREA_SENTENCE: a SQL editor (Monaco, loaded with the form that needs it). */
export default function SqlEditor({ value, onChange, disabled, readOnly }: { value?: string | null; onChange?(value: string): void; disabled?: boolean; readOnly?: boolean }) {
  return (
    <div className="wb-sql-editor" data-field-kind="sql">
      <Editor
        height={180} language="sql" value={value ?? ''} onChange={(v) => onChange?.(v ?? '')}
        beforeMount={registerCompletions}
        options={{ minimap: { enabled: false }, readOnly: disabled || readOnly, lineNumbers: 'on', scrollBeyondLastLine: false, fontSize: 13, automaticLayout: true }}
      />
    </div>
  );
}
