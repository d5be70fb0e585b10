import { ScheduleOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import { COMMON_PROPERTIES, OPTIONS_PROPERTY } from '../../schema/control-properties';
import type { AnnouncementRow } from '../../schema/announcement';
import type { FieldDefinition } from '../../schema/field-definition';
import { AnnouncementField } from '../widgets/announcement-field';
import { AnnouncementView } from '../widgets/announcement-table';
import { control } from './shared';

/** The confirmation table read-only: its rows with their results (the detail, the designer's 实时数据). */
function AnnouncementReadCell({ field, value }: { field: FieldDefinition; value: unknown }) {
  const rows = Array.isArray(value) ? (value as AnnouncementRow[]) : [];
  return <AnnouncementView rows={rows} columns={field.options?.map((o) => ({ dataIndex: String(o.value), title: o.label }))} />;
}

/** The on-site confirmation table (Announcement): its options are the table's columns. */
export const announcementControl = control({
  name: 'Announcement',
  Field: AnnouncementField as ComponentType<never>,
  ReadCell: AnnouncementReadCell,
  palette: [{ kind: 'Announcement', label: '确认表', icon: <ScheduleOutlined />, defaults: { formSubmitType: 'Announcement', fieldType: 'JSON', options: [] } }],
  properties: [...COMMON_PROPERTIES, { ...OPTIONS_PROPERTY, label: '表格列' }],
});
