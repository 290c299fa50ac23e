import { minorToDecimal as minor } from '@aurum/contract';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type { StatementDocument, StatementSection } from './statement.ts';
import { embedStatementFonts, type StatementFonts } from './statement-fonts.ts';
import { businessTime, typeName, walletLabel } from './statement-texts.ts';

/**
 * The statement as a PDF (pdf-lib, made offline in the process): A4 pages with the heading, a
 * summary per wallet (opening balance, each type's count, credits and debits, closing balance),
 * the pending withdrawals and every movement, in the member's language with the fonts of its
 * script (statement-fonts.ts); a character those fonts cannot show prints as "?".
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const SIZE = 9;
const LEADING = 13;
const GREY = rgb(0.35, 0.35, 0.35);

class Writer {
  page!: PDFPage;
  y = 0;
  pages = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: StatementFonts,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.pages += 1;
    this.y = A4.height - MARGIN;
  }

  private room(lines = 1) {
    if (this.y - lines * LEADING < MARGIN) this.newPage();
  }

  /** One row of cells at the given x positions; a number cell (right: true) ends at its x. */
  row(
    cells: readonly { x: number; text: string; right?: boolean }[],
    opts: { bold?: boolean; size?: number } = {},
  ) {
    this.room();
    const font: PDFFont = opts.bold ? this.fonts.bold : this.fonts.regular;
    const size = opts.size ?? SIZE;
    for (const c of cells) {
      const text = this.fonts.printable(c.text);
      const x = c.right ? c.x - font.widthOfTextAtSize(text, size) : c.x;
      this.page.drawText(text, { x, y: this.y, size, font, color: rgb(0, 0, 0) });
    }
    this.y -= size > SIZE ? LEADING + 6 : LEADING;
  }

  rule() {
    this.room();
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + LEADING - 4 },
      end: { x: A4.width - MARGIN, y: this.y + LEADING - 4 },
      thickness: 0.5,
      color: GREY,
    });
  }

  gap() {
    this.y -= LEADING / 2;
  }
}

const SUMMARY = { type: MARGIN, count: 300, credits: 400, debits: 480, end: A4.width - MARGIN };
const LINES = { time: MARGIN, wallet: 140, type: 260, amount: 460, balance: A4.width - MARGIN };

export async function statementPdf(d: StatementDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const h = d.texts.headers;
  const { from, to, utcOffset } = d.statement.period;
  doc.setTitle(`${h.statement} ${d.account}`);
  doc.setCreator('Aurum');
  doc.setProducer('Aurum');
  doc.setCreationDate(new Date(d.madeAt));
  doc.setModificationDate(new Date(d.madeAt));
  const w = new Writer(doc, await embedStatementFonts(doc, d.language));
  w.row([{ x: MARGIN, text: `${h.statement}: ${d.account}` }], { bold: true, size: 16 });
  w.row([
    {
      x: MARGIN,
      text: `${h.period}: ${businessTime(from, utcOffset)} - ${businessTime(to, utcOffset)} (${h.timeZone} UTC${utcOffset})   ${h.currency}: ${d.statement.currency}`,
    },
  ]);
  w.gap();

  const summary = (s: StatementSection) => {
    w.row([{ x: MARGIN, text: walletLabel(d.texts, s) }], { bold: true, size: 11 });
    w.row(
      [
        { x: SUMMARY.type, text: h.type },
        { x: SUMMARY.count, text: h.count, right: true },
        { x: SUMMARY.credits, text: h.credits, right: true },
        { x: SUMMARY.debits, text: h.debits, right: true },
      ],
      { bold: true },
    );
    w.row([
      { x: SUMMARY.type, text: h.opening },
      { x: SUMMARY.end, text: s.opening, right: true },
    ]);
    for (const t of s.types) {
      w.row([
        { x: SUMMARY.type, text: typeName(d.texts, t.txTypeId) },
        { x: SUMMARY.count, text: String(t.count), right: true },
        { x: SUMMARY.credits, text: t.credits, right: true },
        { x: SUMMARY.debits, text: t.debits, right: true },
      ]);
    }
    w.rule();
    w.row(
      [
        { x: SUMMARY.type, text: h.closing },
        { x: SUMMARY.count, text: String(s.count), right: true },
        { x: SUMMARY.credits, text: s.credits, right: true },
        { x: SUMMARY.debits, text: s.debits, right: true },
        { x: SUMMARY.end, text: s.closing, right: true },
      ],
      { bold: true },
    );
    w.gap();
  };
  for (const s of d.sections) summary(s);
  summary(d.pending);

  w.row([{ x: MARGIN, text: h.movements }], { bold: true, size: 11 });
  w.row(
    [
      { x: LINES.time, text: h.time },
      { x: LINES.wallet, text: h.wallet },
      { x: LINES.type, text: h.type },
      { x: LINES.amount, text: h.amount, right: true },
      { x: LINES.balance, text: h.balanceAfter, right: true },
    ],
    { bold: true },
  );
  for (const s of [...d.sections, d.pending]) {
    const label = walletLabel(d.texts, s).slice(0, 22);
    for (const l of s.lines) {
      w.row([
        { x: LINES.time, text: businessTime(l.createdAt.getTime(), utcOffset) },
        { x: LINES.wallet, text: label },
        { x: LINES.type, text: typeName(d.texts, l.kind) },
        { x: LINES.amount, text: minor(l.amountMinor), right: true },
        { x: LINES.balance, text: minor(l.balanceAfterMinor), right: true },
      ]);
    }
  }
  return doc.save({ useObjectStreams: false });
}
