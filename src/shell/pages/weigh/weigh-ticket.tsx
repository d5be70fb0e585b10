import dayjs from 'dayjs';
import QRCode from 'qrcode';
import { useMemo } from 'react';
import { ticketRows, ticketTitle, type TicketData } from '../../../schema/weigh-ticket';
import './weigh-ticket.css';

export type { TicketData };

export type TicketWidth = 'A5' | '80mm';

/** The ticket number as a QR code, drawn as SVG squares (no script, no image URL). */
function QrCode({ text, size }: { text: string; size: number }) {
  const { modules } = useMemo(() => QRCode.create(text, { errorCorrectionLevel: 'M' }), [text]);
  const n = modules.size;
  const cells: React.ReactNode[] = [];
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (modules.get(y, x)) cells.push(<rect key={`${x}-${y}`} x={x} y={y} width={1} height={1} />);
  return (
    <svg className="wb-ticket-qr" width={size} height={size} viewBox={`-2 -2 ${n + 4} ${n + 4}`} role="img" aria-label={`二维码 ${text}`} shapeRendering="crispEdges">
      <rect x={-2} y={-2} width={n + 4} height={n + 4} fill="#fff" />
      <g fill="#000">{cells}</g>
    </svg>
  );
}

const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** 磅单 at A5 or 80 mm thermal width: the same fields, stacked on the narrow paper. */
export function WeighTicket({ ticket, width }: { ticket: TicketData; width: TicketWidth }) {
  const rows: [string, React.ReactNode][] = ticketRows(ticket).map((r) => [
    r.label,
    r.at !== undefined ? <>{r.value} <small>{time(r.at)} {r.by}</small></> : r.strong ? <strong>{r.value}</strong> : r.value,
  ]);
  return (
    <div className={`wb-ticket wb-ticket-${width === 'A5' ? 'a5' : 'thermal'}`} data-testid="weigh-ticket">
      <div className="wb-ticket-title">{ticketTitle(ticket)}</div>
      {ticket.manualEntry ? <div className="wb-ticket-mark">手工录入</div> : null}
      {ticket.reprint ? <div className="wb-ticket-mark">补打（第 {ticket.copyNo} 份）</div> : null}
      <div className="wb-ticket-body">
        <table>
          <tbody>
            {rows.map(([label, value]) => <tr key={label}><th>{label}</th><td>{value}</td></tr>)}
          </tbody>
        </table>
        <QrCode text={ticket.billCode} size={width === 'A5' ? 120 : 96} />
      </div>
      <div className="wb-ticket-foot">打印：{ticket.printedBy} {time(ticket.printedAt)}</div>
    </div>
  );
}
