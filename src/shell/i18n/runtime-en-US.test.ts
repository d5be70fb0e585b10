import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { untranslated, type Tr } from '../../runtime/runtime-context';
import { trMessage } from '../../runtime/schema-messages';
import { ROW_ACTIONS, selectionProblem } from '../../runtime/list/list-actions';
import { ANNOUNCEMENT_LABELS, ANNOUNCEMENT_MESSAGES, checkAction, type AnnouncementRow } from '../../schema/announcement';
import { parseCalculation, type CalcToken } from '../../schema/calculate';
import { CALCULATION_MESSAGES, calculationToRows, newCalculationRow, rowsToCalculation } from '../../schema/calculation-rows';
import { CHILD_MESSAGES } from '../../schema/child-rows';
import { OPERATOR_LABELS } from '../../schema/field-definition';
import { PICKER_MESSAGES } from '../../schema/picker';
import {
  DATE_SPEC_MARKS, DATE_SPEC_PARTS, TIME_DIALOG_TITLES, TIME_MESSAGES, TIME_POINTS, checkDateSpecDraft, dateSpecDraft,
} from '../../schema/time-dialogs';
import { ADDRESS_TARGETS, TRANSFER_LABELS } from '../../schema/transfer';
import { RUNTIME_EN_US } from './runtime-en-US';

// (a string: the test environment's URL class is the DOM's)
const RUNTIME_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../runtime');
const CJK = /[\u4e00-\u9fff]/;

/** The runtime's source files (not its tests), as text. */
function sources(): { file: string; text: string }[] {
  return (readdirSync(RUNTIME_DIR, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => ({ file: relative(RUNTIME_DIR, join(RUNTIME_DIR, f)), text: readFileSync(join(RUNTIME_DIR, f), 'utf8') }));
}

const QUOTED = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"/g;
const unquote = (m: RegExpExecArray) => (m[1] ?? m[2]).replace(/\\(.)/g, '$1');

/**
 * The texts a file hands to `tr(`: a first argument that is a quoted literal, and the Chinese
 * literals of a first argument built from literals (`tr(weigh ? '称重保存' : '保存')`). Template
 * literals and other dynamic arguments are skipped.
 */
export function trLiterals(text: string): string[] {
  const found: string[] = [];
  for (const call of text.matchAll(/(?<![\w.$])tr\(/g)) {
    // the first argument: up to the top-level comma or the closing parenthesis
    let depth = 0;
    let quote: string | null = null;
    let i = call.index + call[0].length;
    const start = i;
    for (; i < text.length; i += 1) {
      const c = text[i];
      if (quote) { if (c === '\\') i += 1; else if (c === quote) quote = null; continue; }
      if (c === "'" || c === '"' || c === '`') quote = c;
      else if (c === '(' || c === '[' || c === '{') depth += 1;
      else if (c === ')' || c === ']' || c === '}') { if (depth === 0) break; depth -= 1; } else if (c === ',' && depth === 0) break;
    }
    const arg = text.slice(start, i).trim();
    if (arg.includes('`')) continue;
    const whole = /^(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")$/.exec(arg);
    if (whole) { found.push(unquote(whole)); continue; }
    for (const m of arg.matchAll(QUOTED)) if (CJK.test(m[1] ?? m[2])) found.push(unquote(m as RegExpExecArray));
  }
  return found;
}

describe('the runtime catalogue (runtime-en-US)', () => {
  it('reads the literals handed to tr(', () => {
    expect(trLiterals(`tr('共 {n} 条', { n: 1 }); tr("提交"); x.tr('no'); tr(\`\${a}合计\`); tr(weigh ? '称重保存' : '保存'); trMessage(tr, p); tr(f('x'), y)`))
      .toEqual(['共 {n} 条', '提交', '称重保存', '保存']);
  });

  it('has an English entry for every literal the runtime translates', () => {
    const missing: string[] = [];
    let count = 0;
    for (const { file, text } of sources()) {
      for (const key of trLiterals(text)) {
        count += 1;
        if (!RUNTIME_EN_US[key]) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
    // the scan does find the runtime's calls
    expect(count).toBeGreaterThan(100);
  });

  it('has an English entry for every schema text the runtime shows through tr', () => {
    const shown = [
      ...Object.values(CALCULATION_MESSAGES), ...Object.values(TIME_DIALOG_TITLES), ...Object.values(TIME_MESSAGES),
      ...DATE_SPEC_PARTS.map((p) => p.label), ...DATE_SPEC_MARKS.map((m) => m.label).filter((l) => CJK.test(l)),
      ...Object.values(ANNOUNCEMENT_LABELS).flatMap((l) => [l.normal, l.sampling]), ...Object.values(ANNOUNCEMENT_MESSAGES),
      ...Object.values(OPERATOR_LABELS), TRANSFER_LABELS.clear, TRANSFER_LABELS.empty, ...ADDRESS_TARGETS.map((t) => t.label), CHILD_MESSAGES.emptyChildren, PICKER_MESSAGES.treeFilter,
      ...Object.values(ROW_ACTIONS).flatMap((a) => [a.confirm, a.success]).filter((t): t is string => !!t),
    ];
    expect(shown.filter((text) => !RUNTIME_EN_US[text])).toEqual([]);
  });

  it('every key keeps its placeholders in English', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const wrong = Object.entries(RUNTIME_EN_US).filter(([zh, en]) => names(zh).join() !== names(en).join() || !en.trim() || CJK.test(en));
    expect(wrong).toEqual([]);
  });
});

describe('trMessage: the schema rules\' messages built from parts', () => {
  const english: Tr = (text, vars) => untranslated(RUNTIME_EN_US[text] ?? text, vars);
  const show = (text: string | null) => trMessage(english, text ?? '');
  const calcProblem = (tokens: unknown[]) => { try { parseCalculation(tokens as CalcToken[]); return ''; } catch (e) { return (e as Error).message; } };
  const item = { fieldName: 'net' };

  it('reads every one in English', () => {
    const row = (patch: object) => ({ ...newCalculationRow(1), fieldName: 'net', ...patch });
    const draft = dateSpecDraft(null);
    const messages = [
      rowsToCalculation([row({}), row({ fieldName: null })]),
      rowsToCalculation([row({}), row({ operator: null })]),
    ].map((r) => (r.ok ? '' : r.message));
    messages.push(
      calcProblem([item, '+']), calcProblem(['(', item]), calcProblem([item, '+', '*', item]), calcProblem([item, { value: 'x' }]),
      calcProblem([item, '+', { fieldName: '' }]), calcProblem([item, item]),
      (() => { try { calculationToRows([item, '*', '-', item]); return ''; } catch (e) { return (e as Error).message; } })(),
      checkDateSpecDraft({ ...draft, day: { mark: '+', value: null } })!, checkDateSpecDraft({ ...draft, month: { mark: 'fixed', value: 13 } })!,
      ...TIME_POINTS.map((p) => p.label),
    );
    const rows: AnnouncementRow[] = [
      { id: 1, ihandle: false, confirmSubButs: 'CONFIRM' }, { id: 2, ihandle: true, confirmSubButs: 'CONFIRM' }, { id: 3, ihandle: true, confirmSubButs: '' },
    ];
    messages.push(checkAction('CONFIRM', rows, [1])!, checkAction('SINGLE_EMPTY', rows, [2])!, checkAction('CONFIRM', rows, [3])!, 'Gross不能为空！');
    expect(messages.filter((m) => !m)).toEqual([]);
    const shown = messages.map(show);
    expect(shown.filter((m) => CJK.test(m))).toEqual([]);
    expect(shown).toContain('Row 2: select a field');
    expect(shown).toContain('Row 1 cannot be handled (not open for handling)');
    expect(shown).toContain('Row 2 cannot take "Leave empty"');
    expect(shown).toContain('Month: a fixed value must be from 1 to 12');
    expect(shown).toContain('Start of day 00:00:00');
  });

  it('leaves Chinese as it is without a translation, and a text no rule fits unchanged', () => {
    expect(trMessage(untranslated, '第2行请选择字段')).toBe('第2行请选择字段');
    expect(trMessage(untranslated, '第1行不可处理（未开放处理）')).toBe('第1行不可处理（未开放处理）');
    expect(trMessage(english, '08:00:00')).toBe('08:00:00');
    expect(selectionProblem({ code: 'edit', label: '修改', action: 'edit' }, [{ status: 'FREE' }, { status: 'FREE' }])).toBe('只能选择一条数据！');
    expect(show(selectionProblem({ code: 'edit', label: '修改', action: 'edit' }, [{ status: 'AUDITED' }])!)).toBe('An audited document cannot be changed');
    expect(show('只能选择一条数据！')).toBe('Select only one record!');
  });
});
