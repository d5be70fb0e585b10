import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { splitButtons } from '../../schema/layout-rules';
import type { TemplateButton } from '../../schema/template';
import { useRuntime, useTr } from '../runtime-context';

/** The template's buttons the user may use (permission key held or empty; app buttons removed), 5 before 更多. */
export function ButtonGroup({ buttons, limit = 5, onAction }: { buttons: readonly TemplateButton[]; limit?: number; onAction(button: TemplateButton): void }) {
  const { hasPermission } = useRuntime();
  const tr = useTr();
  const usable = [...buttons].filter((b) => !b.isApp && hasPermission(b.permission)).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const { shown, more } = splitButtons(usable, limit);
  return (
    <Space wrap className="wb-button-group">
      {shown.map((b, i) => (
        <Button key={b.code} type={i === 0 ? 'primary' : 'default'} onClick={() => onAction(b)}>{tr(b.label)}</Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          menu={{ items: more.map((b) => ({ key: b.code, label: tr(b.label) })), onClick: ({ key }) => onAction(more.find((b) => b.code === key)!), style: more.length > 11 ? { maxHeight: 360, overflowY: 'auto' } : undefined }}
        >
          <Button>{tr('更多')} <DownOutlined /></Button>
        </Dropdown>
      )}
    </Space>
  );
}
