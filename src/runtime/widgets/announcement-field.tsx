import { connect, mapReadPretty } from '@formily/react';
import { applyAction, type AnnouncementAction, type AnnouncementRow } from '../../schema/announcement';
import { AnnouncementTable, AnnouncementView, type AnnouncementColumn } from './announcement-table';

interface AnnouncementFieldProps {
  /** The field value: the confirmation rows. */
  value?: AnnouncementRow[] | null;
  onChange?(rows: AnnouncementRow[]): void;
  sampling?: boolean;
  columns?: AnnouncementColumn[];
  disabled?: boolean;
  readOnly?: boolean;
  /** Told of each action after the value has taken it (e.g. to call the server). */
  onAction?(code: AnnouncementAction, rows: AnnouncementRow[]): void;
}

const rowsOf = (value: unknown): AnnouncementRow[] => (Array.isArray(value) ? (value as AnnouncementRow[]) : []);

function AnnouncementInput({ value, onChange, sampling, columns, disabled, readOnly, onAction }: AnnouncementFieldProps) {
  const rows = rowsOf(value);
  return (
    <AnnouncementTable
      rows={rows} sampling={sampling} columns={columns} disabled={disabled || readOnly}
      onAction={(code, chosen) => {
        onChange?.(applyAction(rows, code, chosen.map((r) => r.id)));
        onAction?.(code, chosen);
      }}
    />
  );
}

function AnnouncementReadPretty({ value, sampling, columns }: AnnouncementFieldProps) {
  return <AnnouncementView rows={rowsOf(value)} sampling={sampling} columns={columns} />;
}

/**
 * The form engine's control kind Announcement: a Formily field whose value is the rows array; an
 * action sets the chosen rows' `result` to its code. Read-pretty shows the rows and results only.
 */
export const AnnouncementField = connect(AnnouncementInput, mapReadPretty(AnnouncementReadPretty));
