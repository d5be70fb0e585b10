/** What a 磅单 (weigh ticket) shows: `print/weigh` answers it, the print view and the PDF draw it. */
export interface TicketData {
  orgName: string;
  kind: 'PU' | 'SA';
  billCode: string;
  plateNumber: string;
  materialName: string;
  partnerLabel: string;
  partner: string | null;
  scaleName: string | null;
  gross: string | null;
  tare: string | null;
  net: string | null;
  deduct: string | null;
  deductRate: string | null;
  settleWeight: string | null;
  grossTime: string | null;
  tareTime: string | null;
  weigherName: string | null;
  tareWeigher: string | null;
  manualEntry: boolean;
  copyNo: number;
  reprint: boolean;
  printedAt: string;
  printedBy: string;
}

export interface TicketRow {
  label: string;
  value: string;
  /** When and by whom a weighing was captured (gross and tare rows). */
  at?: string | null;
  by?: string | null;
  strong?: boolean;
}

/** The ticket's title line. */
export const ticketTitle = (t: TicketData) => `${t.orgName} ${t.kind === 'PU' ? '采购' : '销售'}磅单`;

/**
 * The ticket's rows, in order. The first weigher (`weigherName`) took the purchase's gross and the
 * sale's tare; the second (`tareWeigher`) the other weighing.
 */
export function ticketRows(t: TicketData): TicketRow[] {
  const pu = t.kind === 'PU';
  return [
    { label: '磅单号', value: t.billCode },
    { label: '车牌号', value: t.plateNumber },
    { label: '物料', value: t.materialName },
    { label: t.partnerLabel, value: t.partner ?? '' },
    { label: '毛重(吨)', value: t.gross ?? '', at: t.grossTime, by: pu ? t.weigherName : t.tareWeigher },
    { label: '皮重(吨)', value: t.tare ?? '', at: t.tareTime, by: pu ? t.tareWeigher : t.weigherName },
    { label: '净重(吨)', value: t.net ?? '' },
    { label: '扣重(吨)', value: t.deduct ?? '0.000' },
    { label: '扣率(%)', value: t.deductRate ?? '0.00' },
    { label: '结算重量(吨)', value: t.settleWeight ?? '', strong: true },
    { label: '磅秤', value: t.scaleName ?? '' },
  ];
}
