import { ScheduleOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import { COMMON_PROPERTIES, OPTIONS_PROPERTY } from '../../schema/control-properties';
import { AnnouncementField } from '../widgets/announcement-field';
import { control } from './shared';

/** The on-site confirmation table (Announcement): its options are the table's columns. */
export const announcementControl = control({
  name: 'Announcement',
  Field: AnnouncementField as ComponentType<never>,
  palette: [{ kind: 'Announcement', label: '确认表', icon: <ScheduleOutlined />, defaults: { formSubmitType: 'Announcement', fieldType: 'JSON', options: [] } }],
  properties: [...COMMON_PROPERTIES, { ...OPTIONS_PROPERTY, label: '表格列' }],
});
