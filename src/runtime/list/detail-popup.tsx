import { App as AntApp, Button, Descriptions, Modal, Skeleton, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { Template } from '../../schema/template';
import { useRuntime, useTr } from '../runtime-context';
import { listColumns, renderCell, type Row } from './list-columns';
import { resourceBase } from './list-actions';
import { useControls } from '../controls';
import { RequestLogDrawer } from './request-log-drawer';
import type { FieldDefinition } from '../../schema/field-definition';
import { detailSections } from '../../schema/form-layout';

export const DETAIL_TEMPLATE_WARNING = '请检查详情模板的【列表请求方式】和【列表请求路由】属性';

/**
 * The detail pop-up (spec 000 §2.5): 80% wide, the record laid out by its DETAIL template in four or
 * eight columns (DetailView), desensitised when the setting is on. A failed load is swallowed; closing resets it.
 */
export function DetailPopup({ detailId, rowId, onClose }: { detailId: string | number; rowId: number | null; onClose(): void }) {
  const { request } = useRuntime();
  const tr = useTr();
  const { message } = AntApp.useApp();
  const [template, setTemplate] = useState<Template | null>(null);
  const [row, setRow] = useState<Row | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const closeLog = useCallback(() => setLogOpen(false), []);

  useEffect(() => {
    if (rowId === null) return;
    let live = true;
    (async () => {
      const t = await request<Template>({ url: `/optimus_prime/cg-format/type/subs/${detailId}`, quiet: true });
      if (!t.resUrl || !t.resMethod) {
        message.warning(tr(DETAIL_TEMPLATE_WARNING), 7);
        return;
      }
      const r = await request<Row>({ url: `${resourceBase(t.resUrl)}/detail/${rowId}`, quiet: true });
      if (live) { setTemplate(t); setRow(r); }
    })().catch(() => undefined);
    return () => { live = false; setTemplate(null); setRow(null); };
  }, [detailId, rowId, request, message, tr]);

  return (
    <Modal
      open={rowId !== null} width="80%" title={template?.formatName ?? tr('详情')} onCancel={onClose} destroyOnHidden
      footer={template?.customTable && row ? <Button onClick={() => setLogOpen(true)}>{tr('操作日志')}</Button> : null}
    >
      {!template || !row ? <Skeleton active /> : <DetailView template={template} row={row} />}
      {template?.customTable && rowId !== null && <RequestLogDrawer bizKey={`${template.customTable}:${rowId}`} open={logOpen} onClose={closeLog} />}
    </Modal>
  );
}

/**
 * A record laid out by a DETAIL template (the detail pop-up's body, and the designer's preview of a
 * DETAIL draft): its fields as label and value pairs, placed as the template places them, each tab
 * group a titled part, then the child tables.
 */
export function DetailView({ template, row }: { template: Template; row: Row }) {
  const { desensitize } = useRuntime();
  const tr = useTr();
  const controls = useControls();
  const { pairs, sections } = detailSections(template);
  // a field is shown by its control kind: pictures as pictures, the confirmation table as a read-only table
  const detailValue = (f: FieldDefinition, value: unknown) => {
    if (f.formSubmitType === 'Announcement') {
      const { ReadCell } = controls.Announcement;
      return <ReadCell field={f} value={value} />;
    }
    return renderCell(f, value, desensitize, undefined, tr, controls, 'detail');
  };
  return (
    <>
      {sections.map((section) => (
        <Descriptions
          key={section.key ?? ''} bordered size="small" column={pairs} className="wb-detail-section"
          title={section.label ?? undefined} style={section.key ? { marginTop: 16 } : undefined}
        >
          {section.items.map(({ field, span }) => (
            <Descriptions.Item key={field.fieldName} label={field.fieldExplain} span={span}>
              {detailValue(field, row[field.fieldName])}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ))}
      {(template.childSubLists ?? []).map((c) => (
        <div key={c.customTable} className="wb-detail-child">
          <h4>{c.label}</h4>
          <Table<Row>
            size="small" bordered rowKey="id" pagination={false} scroll={{ x: 'max-content', y: 320 }}
            columns={[{ key: '#', title: tr('序号'), width: 60, render: (_: unknown, __: Row, i: number) => i + 1 }, ...listColumns(c.fields.map((f) => ({ ...f, fieldType: f.fieldType === 'CHAR' ? 'TEXT' : f.fieldType })), desensitize, { tr, controls })]}
            dataSource={((row.children as Record<string, Row[]> | undefined)?.[c.customTable]) ?? []}
          />
        </div>
      ))}
    </>
  );
}
