import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../runtime';
import { markerRange, sqlSuggestions, type SqlCompletion, type SqlProblem } from '../runtime';
import { SqlSourceEditor, TRUNCATED_BANNER } from './sql-source-page';

// Monaco does not run under happy-dom: the editor is a text area that shows the marker the real one sets (same markerRange)
vi.mock('../runtime/form/sql-editor', () => ({
  default: ({ value, onChange, problem }: { value?: string; onChange?(v: string): void; problem?: SqlProblem | null }) => (
    <div>
      <textarea aria-label="SQL" value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
      {problem && <output data-testid="marker">{JSON.stringify({ message: problem.message, ...markerRange(value ?? '', problem.position) })}</output>}
    </div>
  ),
}));

afterEach(cleanup);

class Refusal extends Error {
  constructor(readonly data: unknown) { super('refused'); }
}

function setup(answer: (options: RuntimeRequest) => unknown) {
  const calls: RuntimeRequest[] = [];
  const services: RuntimeServices = {
    request: vi.fn(async (options: RuntimeRequest) => {
      calls.push(options);
      if (options.url.endsWith('/tables')) return [];
      return answer(options);
    }) as RuntimeServices['request'],
    download: vi.fn(), hasPermission: () => true, desensitize: false,
    user: { user: 1, username: 'admin', currentOrg: 1, currentOrgName: '东方能源有限公司', currentGroup: 9, currentGroupName: '演示集团' },
  };
  render(<AntApp><RuntimeProvider value={services}><SqlSourceEditor initial={null} onClose={() => undefined} /></RuntimeProvider></AntApp>);
  return calls;
}

const typeSql = async (text: string) => {
  const area = await screen.findByLabelText('SQL');
  fireEvent.change(area, { target: { value: text } });
};

describe('SQL 数据源 editor', () => {
  it('marks a refusal the server reports at its line and column, over the word there', async () => {
    setup(() => { throw new Refusal({ message: 'SQL 语法错误：在 "id" 附近', position: { line: 3, column: 6 } }); });
    await typeSql('select plate_number\nfrom mm_pu_weigh\nwher id = 1');
    fireEvent.click(screen.getByRole('button', { name: '运 行' }));
    const marker = JSON.parse((await screen.findByTestId('marker')).textContent!);
    expect(marker).toEqual({ message: 'SQL 语法错误：在 "id" 附近', startLineNumber: 3, startColumn: 6, endLineNumber: 3, endColumn: 8 });
    expect(screen.getByText('第 3 行第 6 列：SQL 语法错误：在 "id" 附近')).toBeTruthy();
    expect(screen.queryByText(TRUNCATED_BANNER)).toBeNull();
  });

  it('runs with the declared parameters and shows the rows, types, count, time and the banner when cut', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ n: i + 1 }));
    const calls = setup(() => ({ columns: [{ name: 'n', type: 'integer' }], rows, total: 450, truncated: true, ms: 12 }));
    await typeSql('select g as n from generate_series(1, :upTo) g');
    fireEvent.click(screen.getByRole('button', { name: '添加参数' }));
    fireEvent.change(screen.getByLabelText('参数名称'), { target: { value: 'upTo' } });
    fireEvent.change(screen.getByLabelText('参数运行值'), { target: { value: '450' } });
    fireEvent.click(screen.getByRole('button', { name: '运 行' }));
    expect(await screen.findByText(TRUNCATED_BANNER)).toBeTruthy();
    expect(screen.getByText('共 450 行')).toBeTruthy();
    expect(screen.getByText('用时 12 ms')).toBeTruthy();
    expect(screen.getAllByText('integer').length).toBeGreaterThan(0);
    const run = calls.find((c) => c.url.endsWith('/run'))!;
    expect(run.body).toEqual({ sql: 'select g as n from generate_series(1, :upTo) g', params: [{ name: 'upTo', type: 'text', label: null, defaultValue: null, value: '450' }] });
    expect(screen.queryByTestId('marker')).toBeNull();
  });

  it('shows no banner when the whole answer is there', async () => {
    setup(() => ({ columns: [{ name: 'a', type: 'integer' }], rows: [{ a: 1 }], total: 1, truncated: false, ms: 3 }));
    await typeSql('select 1 as a');
    fireEvent.click(screen.getByRole('button', { name: '运 行' }));
    await waitFor(() => expect(screen.getByText('共 1 行')).toBeTruthy());
    expect(screen.queryByText(TRUNCATED_BANNER)).toBeNull();
  });
});

describe('SQL completion and markers', () => {
  const completion: SqlCompletion = {
    tables: [{ tableName: 'mm_pu_weigh', tableExplain: '采购过磅记录', columns: [{ name: 'net', explain: '净重', type: 'NUMBER' }, { name: 'gross_time', explain: '毛重时间', type: 'DATE' }] }],
    params: [{ name: 'startDate', type: 'date', label: '开始日期' }],
  };
  it('completes keywords and tables, an alias\'s columns after the dot, and parameters after a colon', () => {
    const all = sqlSuggestions('sel', 3, completion).map((s) => s.label);
    expect(all).toEqual(expect.arrayContaining(['SELECT', 'FROM', 'WHERE', 'AND', 'OR', 'LIMIT', 'ORDER BY', 'GROUP BY', 'mm_pu_weigh']));
    const text = 'select w. from mm_pu_weigh w';
    expect(sqlSuggestions(text, 'select w.'.length, completion).map((s) => s.label)).toEqual(['net', 'gross_time']);
    const params = 'select * from mm_pu_weigh where gross_time >= :st';
    expect(sqlSuggestions(params, params.length, completion).map((s) => s.label)).toEqual(['currentOrg', 'currentUser', 'currentGroup', 'startDate']);
    // a cast is not a parameter
    expect(sqlSuggestions('select 1::i', 11, completion).some((s) => s.kind === 'param')).toBe(false);
  });
  it('places a marker from a character offset as well as from a line and column', () => {
    const text = 'select\n  nope from t';
    expect(markerRange(text, 9)).toEqual({ startLineNumber: 2, startColumn: 3, endLineNumber: 2, endColumn: 7 });
    expect(markerRange(text, { line: 2, column: 3 })).toEqual(markerRange(text, 9));
    expect(markerRange(text, null)).toEqual({ startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 7 });
  });
});
