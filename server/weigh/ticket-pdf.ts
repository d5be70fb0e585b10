import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { ticketRows, ticketTitle, type TicketData } from '../../src/schema/weigh-ticket';

/**
 * Noto Sans Hans Regular (SIL OFL 1.1, the GB2312 set) from the npm package @embedpdf/fonts-sc;
 * pdfkit embeds only the glyphs a ticket uses, so a ticket is some 50 KB.
 */
const FONT = join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts', 'NotoSansHans-Regular.otf');
const MM = 72 / 25.4;

/** Local time of a ticket, as the print view shows it. */
function localTime(value: string | null, timeZone: string): string {
  if (!value) return '';
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(new Date(value));
  return parts.replace(', ', ' ');
}

/** The 磅单 as a PDF (A5, or 80 mm thermal width): the print view's rows, marks and QR code. */
export function ticketPdf(ticket: TicketData, width: 'A5' | '80mm', timeZone: string): Promise<Buffer> {
  const thermal = width === '80mm';
  const rows = ticketRows(ticket);
  const pageWidth = thermal ? 80 * MM : 148 * MM;
  const margin = thermal ? 4 * MM : 12 * MM;
  const size: [number, number] = thermal ? [pageWidth, 200 * MM] : [pageWidth, 210 * MM];
  const doc = new PDFDocument({ size, margin, info: { Title: `磅单 ${ticket.billCode}`, Subject: ticket.billCode } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', FONT);
  const inner = pageWidth - 2 * margin;
  doc.font('cjk').fontSize(thermal ? 11 : 14).text(ticketTitle(ticket), { align: 'center', width: inner });
  doc.fontSize(thermal ? 8 : 10);
  if (ticket.manualEntry) doc.text('手工录入', { align: 'center', width: inner });
  if (ticket.reprint) doc.text(`补打（第 ${ticket.copyNo} 份）`, { align: 'center', width: inner });
  doc.moveDown(0.5);
  // the QR code sits top right on A5, under the rows on the narrow paper
  const qrSize = thermal ? 24 * MM : 32 * MM;
  const top = doc.y;
  const labelWidth = thermal ? 22 * MM : 28 * MM;
  const valueWidth = inner - labelWidth - (thermal ? 0 : qrSize + 4 * MM);
  for (const r of rows) {
    const y = doc.y;
    const value = r.at !== undefined ? `${r.value}  ${localTime(r.at, timeZone)} ${r.by ?? ''}`.trim() : r.value;
    doc.text(r.label, margin, y, { width: labelWidth });
    const after = doc.y;
    doc.text(value, margin + labelWidth, y, { width: valueWidth });
    doc.y = Math.max(after, doc.y) + 2;
  }
  const qr = QRCode.create(ticket.billCode, { errorCorrectionLevel: 'M' }).modules;
  const qrX = thermal ? margin + (inner - qrSize) / 2 : margin + inner - qrSize;
  const qrY = thermal ? doc.y + 4 : top;
  const cell = qrSize / qr.size;
  for (let y = 0; y < qr.size; y++) for (let x = 0; x < qr.size; x++) if (qr.get(y, x)) doc.rect(qrX + x * cell, qrY + y * cell, cell, cell);
  doc.fill('#000');
  doc.y = Math.max(doc.y, qrY + qrSize) + 6;
  doc.text(`打印：${ticket.printedBy} ${localTime(ticket.printedAt, timeZone)}`, margin, doc.y, { width: inner });
  doc.end();
  return done;
}
