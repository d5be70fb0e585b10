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

import { useEffect, useRef } from 'react';
import { EditorEcho, markerRange, sqlSuggestions, type SqlCompletion, type SqlProblem, type SuggestionKind } from './sql-completion';

export { SQL_KEYWORDS } from './sql-completion';

// Monaco comes from the bundle (never a CDN); its one worker is bundled too.
(self as unknown as { MonacoEnvironment: { getWorker(): Worker } }).MonacoEnvironment = { getWorker: () => new EditorWorker() };
loader.config({ monaco });

/** What each editor on the page completes, by its model (one provider serves them all). */
const contexts = new Map<string, SqlCompletion>();
const NO_COMPLETION: SqlCompletion = { tables: [], params: [] };
const KINDS: Record<SuggestionKind, monaco.languages.CompletionItemKind> = {
  keyword: monaco.languages.CompletionItemKind.Keyword, table: monaco.languages.CompletionItemKind.Class,
  column: monaco.languages.CompletionItemKind.Field, param: monaco.languages.CompletionItemKind.Variable,
};
let completions: monaco.IDisposable | null = null;
function registerCompletions(): void {
  completions ??= monaco.languages.registerCompletionItemProvider('sql', {
    triggerCharacters: ['.', ':'],
    provideCompletionItems: (model, position) => {
      const word = model.getWordUntilPosition(position);
      const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn };
      const found = sqlSuggestions(model.getValue(), model.getOffsetAt(position), contexts.get(model.uri.toString()) ?? NO_COMPLETION);
      return {
        suggestions: found.map((s, i) => ({ label: { label: s.label, description: s.detail }, kind: KINDS[s.kind], insertText: s.insertText, range, sortText: String(i).padStart(4, '0') })),
      };
    },
  });
}

/**
 * TEXTAREA_SENTENCE and the SQL 数据源 editor: Monaco (loaded with the screen that needs it),
 * completing keywords, the readable tables and columns and the parameters (`completion`), and
 * marking a refusal the server reported (`problem`) at its line and column.
 */
export default function SqlEditor({ value, onChange, disabled, readOnly, height = 180, completion, problem }: {
  value?: string | null; onChange?(value: string): void; disabled?: boolean; readOnly?: boolean; height?: number;
  completion?: SqlCompletion; problem?: SqlProblem | null;
}) {
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const uri = useRef<string | null>(null);
  const apply = () => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    uri.current = model.uri.toString();
    contexts.set(uri.current, completion ?? NO_COMPLETION);
    monaco.editor.setModelMarkers(model, 'sql-check', problem ? [{ severity: monaco.MarkerSeverity.Error, message: problem.message, ...markerRange(model.getValue(), problem.position) }] : []);
  };
  useEffect(apply);
  useEffect(() => () => { if (uri.current) contexts.delete(uri.current); }, []);
  // the form's value comes back a render late: the editor is not controlled by it (the wrapper would write a
  // value rendered before the last keys over them), the value is written here when the effects run, if the
  // editor's text at that moment is not newer than it (EditorEcho)
  const echo = useRef<EditorEcho>();
  echo.current ??= new EditorEcho();
  const latest = useRef(value ?? '');
  latest.current = value ?? '';
  const writing = useRef(false);
  const take = () => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || !echo.current!.shouldWrite(latest.current, editor.getValue())) return;
    writing.current = true;
    try {
      if (editor.getOption(monaco.editor.EditorOption.readOnly)) editor.setValue(latest.current);
      else {
        editor.executeEdits('', [{ range: model.getFullModelRange(), text: latest.current, forceMoveMarkers: true }]);
        editor.pushUndoStop();
      }
    } finally {
      writing.current = false;
    }
  };
  useEffect(take, [value]);
  return (
    <div className="wb-sql-editor" data-field-kind="sql">
      <Editor
        height={height} language="sql" defaultValue={latest.current}
        onChange={(v) => { if (writing.current) return; echo.current!.sentUp(v ?? ''); onChange?.(v ?? ''); }}
        beforeMount={registerCompletions} onMount={(editor) => { editorRef.current = editor; take(); apply(); }}
        options={{ minimap: { enabled: false }, readOnly: disabled || readOnly, lineNumbers: 'on', scrollBeyondLastLine: false, fontSize: 13, automaticLayout: true, fixedOverflowWidgets: true }}
      />
    </div>
  );
}
