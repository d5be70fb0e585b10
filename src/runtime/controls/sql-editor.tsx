import { CodeOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { Input as AntInput } from 'antd';
import { Suspense, lazy, type ComponentType } from 'react';
import { control } from './shared';

/** TEXTAREA_SENTENCE: Monaco is loaded only when a form has such a field (a text area shows meanwhile). */
export const LazySqlEditor = lazy(() => import('../form/sql-editor'));
const SqlField = connect(
  (props: { value?: string | null; onChange?(value: string): void; disabled?: boolean; readOnly?: boolean }) => (
    <Suspense fallback={<AntInput.TextArea className="wb-sql-text" rows={8} value={props.value ?? ''} onChange={(e) => props.onChange?.(e.target.value)} />}>
      <LazySqlEditor {...props} />
    </Suspense>
  ),
  mapReadPretty(({ value }: { value?: string | null }) => <pre className="wb-sql-text">{value ?? ''}</pre>),
);

export const sqlEditorControl = control({
  name: 'SqlEditor',
  Field: SqlField as ComponentType<never>,
  palette: [{ kind: 'TEXTAREA_SENTENCE', label: 'SQL语句', icon: <CodeOutlined />, defaults: { formSubmitType: 'TEXTAREA_SENTENCE', fieldType: 'TXT' } }],
});
