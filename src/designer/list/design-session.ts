import { useCallback, useEffect, useRef, useState } from 'react';
import type { RuntimeServices } from '../../runtime';
import type { HistoryEntry } from '../../schema/design-history';
import { parseTemplate } from '../../schema/parse-template';
import type { Template } from '../../schema/template';
import { diffTemplates, type DiffEntry } from '../../schema/template-diff';
import type { DraftRecord } from '../engine/attribute-draft';
import type { Command, Refusal } from '../engine/commands';
import {
  currentTemplate, execute, openDesigner, redo as redoStep, select as selectNodes, takeEntries, undo as undoStep,
  type DesignerState, type Scope,
} from '../engine/designer';
import { fetchDraft } from '../format-api';
import { heldReason, retryDelay, saveFailure } from '../save-failure';

type Request = RuntimeServices['request'];

/**
 * One typing session per focus of a text box: its keystrokes make one undo step (the engine merges
 * `set-property` commands of one node and key carrying the same `typing`). Call `start` on focus and
 * pass `id()` as the command's `typing`.
 */
export function useTyping() {
  const n = useRef(0);
  const current = useRef('t0');
  return { start: () => { n.current += 1; current.current = `t${n.current}`; }, id: () => current.current };
}

/** Autosave runs this long after the last edit (the bar is 2 s). */
export const AUTOSAVE_DELAY = 800;

export type SaveState = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';

/** Another tab saved the draft first: its template, its revision and what differs from ours. */
export interface Conflict { theirs: Template; version: number; diff: DiffEntry[] }

export interface DesignSession {
  record: DraftRecord | null;
  state: DesignerState | null;
  failed: boolean;
  save: SaveState;
  /** Why the draft is not saved (the server's reason for a refused draft, a problem on a node, a network failure), or null. */
  reason: string | null;
  conflict: Conflict | null;
  /** The last refusal of a command, undo or redo (shown by the screen). */
  refusal: Refusal | null;
  run(command: Command, scope?: Scope): boolean;
  undo(scope: Scope): boolean;
  redo(scope: Scope): boolean;
  select(ids: string[], mode?: 'replace' | 'add' | 'toggle'): void;
  /** 重新加载: drops our unsaved edits and opens the stored draft and history. */
  reload(): Promise<void>;
  /** 覆盖: saves our draft over theirs (their version seen). */
  overwrite(): Promise<void>;
}

/** The draft and history of a template as the designer opens them. */
export async function loadDesign(request: Request, id: number): Promise<{ record: DraftRecord; state: DesignerState }> {
  for (let attempt = 0; ; attempt++) {
    const [record, history] = await Promise.all([
      fetchDraft(request, id),
      request<{ version: number; entries: HistoryEntry[] }>({ url: `/optimus_prime/cg-format/history/${id}` }),
    ]);
    // both read at the same revision, or read again (a save came in between)
    if (record.version === history.version || attempt >= 2) {
      return { record, state: openDesigner(parseTemplate(record.draft), history.entries, undefined, record.columnTypes) };
    }
  }
}

/**
 * One template being designed: the engine's state, every edit a command, and autosave — within
 * `AUTOSAVE_DELAY` of the last edit the draft goes to `PUT …/draft/{id}` with its revision and the
 * history entries since the last save; a stale revision (409) stops saving and offers 重新加载 or
 * 覆盖 with the differences; nothing edited is dropped until the person chooses. A draft the server
 * refuses (400) is said why and not sent again until the next edit; a network or server failure is
 * sent again with backoff (save-failure.ts, shared with the form designer).
 */
export function useDesignSession(request: Request, id: number, canEdit: boolean): DesignSession {
  const [record, setRecord] = useState<DraftRecord | null>(null);
  const [state, setStateView] = useState<DesignerState | null>(null);
  const [failed, setFailed] = useState(false);
  const [save, setSave] = useState<SaveState>('saved');
  const [reason, setReason] = useState<string | null>(null);
  const failures = useRef(0);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const stateRef = useRef<DesignerState | null>(null);
  const versionRef = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const blocked = useRef(false);

  const flushRef = useRef<() => Promise<void>>(async () => undefined);
  const setState = useCallback((s: DesignerState | null) => { stateRef.current = s; setStateView(s); }, []);
  const schedule = useCallback((delay = AUTOSAVE_DELAY) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => { void flushRef.current(); }, delay);
  }, []);

  const open = useCallback(async () => {
    setFailed(false);
    try {
      const loaded = await loadDesign(request, id);
      versionRef.current = loaded.record.version;
      blocked.current = false;
      failures.current = 0;
      setReason(null);
      setRecord(loaded.record);
      setState(loaded.state);
      setConflict(null);
      setSave('saved');
    } catch {
      setFailed(true);
    }
  }, [id, request, setState]);

  useEffect(() => { void open(); return () => { if (timer.current) clearTimeout(timer.current); }; }, [open]);

  const flush = useCallback(async (): Promise<void> => {
    timer.current = null;
    const current = stateRef.current;
    if (!current || blocked.current || current.pending.length === 0) return;
    if (inFlight.current) { schedule(); return; }
    // a rule problem on a node (made by another edit): the server would refuse it; held until it is fixed
    const held = heldReason(current);
    if (held) { setReason(held); setSave('failed'); return; }
    inFlight.current = true;
    const { entries, state: rest } = takeEntries(current);
    stateRef.current = rest;
    setSave('saving');
    try {
      const saved = await request<{ version: number }>({
        method: 'PUT', url: `/optimus_prime/cg-format/draft/${id}`, quiet: true,
        body: { version: versionRef.current, draft: currentTemplate(rest), history: entries },
      });
      versionRef.current = saved.version;
      failures.current = 0;
      setReason(null);
      setRecord((r) => (r ? { ...r, version: saved.version, changed: true } : r));
      const now = stateRef.current;
      setStateView(now);
      setSave(now && now.pending.length > 0 ? 'pending' : 'saved');
    } catch (error) {
      // the entries were not stored: they go out again with the next save
      const now = stateRef.current!;
      stateRef.current = { ...now, pending: [...entries, ...now.pending] };
      const failure = saveFailure(error, rest);
      if (failure.kind === 'stale') {
        blocked.current = true;
        try {
          const theirs = await fetchDraft(request, id);
          const mine = currentTemplate(stateRef.current);
          const their = parseTemplate(theirs.draft);
          setConflict({ theirs: their, version: theirs.version, diff: diffTemplates(their, mine) });
        } catch {
          setConflict({ theirs: currentTemplate(stateRef.current), version: versionRef.current, diff: [] });
        }
        setSave('conflict');
      } else {
        setReason(failure.reason);
        setSave('failed');
        // a refused draft waits for the next edit; a transient failure is sent again, later each time
        if (failure.kind === 'transient') { failures.current += 1; schedule(retryDelay(failures.current, AUTOSAVE_DELAY * 2)); }
      }
    } finally {
      inFlight.current = false;
    }
  }, [id, request, schedule]);
  flushRef.current = flush;

  const changed = useCallback((next: DesignerState) => {
    setState(next);
    setRefusal(null);
    if (blocked.current) return;
    setSave('pending');
    failures.current = 0;
    schedule();
  }, [schedule, setState]);

  const run = useCallback((command: Command, scope?: Scope): boolean => {
    const s = stateRef.current;
    if (!s) return false;
    if (!canEdit) { setRefusal({ nodeId: null, message: '没有编辑模板的权限（custom_format_edit）' }); return false; }
    const outcome = execute(s, command, scope);
    if (!outcome.ok) { setRefusal(outcome.refusal); return false; }
    if (outcome.state !== s) changed(outcome.state);
    return true;
  }, [canEdit, changed]);

  const step = useCallback((scope: Scope, which: 'undo' | 'redo'): boolean => {
    const s = stateRef.current;
    if (!s || !canEdit) return false;
    const outcome = which === 'undo' ? undoStep(s, scope) : redoStep(s, scope);
    if (!outcome.ok) { setRefusal(outcome.refusal); return false; }
    changed(outcome.state);
    return true;
  }, [canEdit, changed]);

  const select = useCallback((ids: string[], mode: 'replace' | 'add' | 'toggle' = 'replace') => {
    const s = stateRef.current;
    if (s) setState(selectNodes(s, ids, mode));
  }, [setState]);

  const overwrite = useCallback(async () => {
    const s = stateRef.current;
    if (!s || !conflict) return;
    setSave('saving');
    try {
      // their history no longer leads to our draft: the save is recorded as one replacement step
      const saved = await request<{ version: number }>({
        method: 'PUT', url: `/optimus_prime/cg-format/draft/${id}`, quiet: true, body: { version: conflict.version, draft: currentTemplate(s) },
      });
      versionRef.current = saved.version;
      await open();
    } catch (error) {
      const failure = saveFailure(error, s);
      if (failure.kind === 'stale') setSave('conflict');
      else { setReason(failure.reason); setSave('failed'); }
    }
  }, [conflict, id, open, request]);

  return {
    record, state, failed, save, reason, conflict, refusal, run, select, reload: open, overwrite,
    undo: useCallback((scope: Scope) => step(scope, 'undo'), [step]),
    redo: useCallback((scope: Scope) => step(scope, 'redo'), [step]),
  };
}

/** Whether a key's target is a text box or a code editor, where Ctrl+Z is the box's own (it takes back what was typed). */
export function isTextBox(target: EventTarget | null): boolean {
  return target instanceof Element && !!target.closest('input, textarea, [contenteditable="true"], .monaco-editor');
}

/** Where Ctrl+Z goes: the scope of the area the keys were pressed in (text inputs keep their own undo). */
export function scopeOfEvent(event: KeyboardEvent | React.KeyboardEvent): Scope | null {
  const target = event.target as HTMLElement | null;
  if (!target || isTextBox(target)) return null;
  const area = target.closest<HTMLElement>('[data-undo-scope]');
  return (area?.dataset.undoScope as Scope | undefined) ?? 'canvas';
}

/** Ctrl+Z / Cmd+Z undo, Ctrl+Shift+Z / Ctrl+Y redo. */
export function undoKey(event: KeyboardEvent | React.KeyboardEvent): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}
