import { performance } from 'node:perf_hooks';
import { execute, openDesigner, undo, type DesignerState } from '../src/designer/engine/designer';
import { fieldNodeId } from '../src/schema/design-nodes';
import { parseTemplate } from '../src/schema/parse-template';
import { benchDesignerBrowser } from './designer-browser';
import { ms, percentile } from './stats';

const FIELDS = 500;
const COMMANDS = 400;

/** A FORM template of 500 fields on the 8-column grid (48 units: each field 6 wide, 8 a row). */
function bigTemplate() {
  const kinds = [{ formSubmitType: 'ONE_TXT' }, { fieldType: 'NUMBER' }, { formSubmitType: 'DATA_BOX_TIM' }, { formSubmitType: 'SELECT', options: [{ value: 'A', label: '甲' }] }];
  return parseTemplate({
    formatName: '大表单', formatCode: 'bench_form', formatType: 'FORM', formatStyle: 'FORMAT_EIGHT_COLUMN_FROM', customTable: 'bench_table',
    formSubList: Array.from({ length: FIELDS }, (_, i) => ({
      fieldName: `f${i}`, fieldExplain: `字段${i}`, seq: i, ...kinds[i % kinds.length],
      layout: { row: Math.floor(i / 8), col: (i % 8) * 6, span: 6 },
    })),
  });
}

/**
 * The designer engine on a 500-field form, without a browser: each command applied, checked by the
 * template parser and the attribute rules, and recorded with its inverse (what one drag, one resize
 * or one keystroke in the property panel costs before React draws it); then undo. Then the same
 * form in the browser (bench/designer-browser.ts).
 */
export async function benchDesigner(): Promise<void> {
  let state: DesignerState = openDesigner(bigTemplate());
  const times: Record<string, number[]> = { move: [], resize: [], typing: [], undo: [] };
  const last = Math.floor(FIELDS / 8);
  for (let i = 0; i < COMMANDS; i++) {
    const id = fieldNodeId({ fieldName: `f${(i * 37) % FIELDS}` });
    const kind = (['move', 'resize', 'typing'] as const)[i % 3];
    const command = kind === 'move' ? { type: 'move' as const, id, to: { row: last + 1 + i, col: (i % 8) * 6 } }
      : kind === 'resize' ? { type: 'resize' as const, id, span: 6 + 6 * (i % 2) }
      : { type: 'set-property' as const, id, key: 'fieldExplain', value: `字段说明${i}`, typing: `t${Math.floor(i / 9)}` };
    const t0 = performance.now();
    const outcome = execute(state, command);
    times[kind].push(performance.now() - t0);
    if (!outcome.ok) throw new Error(`command ${i} (${kind}) refused: ${outcome.refusal.message}`);
    state = outcome.state;
  }
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    const outcome = undo(state, 'canvas');
    times.undo.push(performance.now() - t0);
    if (!outcome.ok) break;
    state = outcome.state;
  }
  for (const [kind, list] of Object.entries(times)) {
    console.log(`designer engine, ${FIELDS}-field form: ${kind} applied, parsed and recorded — p50 ${ms(percentile(list, 50))}, p95 ${ms(percentile(list, 95))} over ${list.length}`);
  }
  await benchDesignerBrowser();
}
