import fs from 'node:fs';
import { createRequire } from 'node:module';
import { BOOK_LANGUAGE_NAMES, formatDate, formatMoney, isBookLanguage, type Seller } from '@scholar/shared';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { once } from '../../lib/once';

/**
 * A bill of supply as a PDF (docs/decisions/053), drawn with pdfkit. Every word is in a font shipped in an npm
 * package and embedded in the file: Noto Sans Bengali (Latin, Bengali and the rupee sign ₹) and Noto Naskh Arabic
 * (Urdu and Arabic names and addresses). Text in the Arabic script is laid out right to left word by word (pdfkit
 * has no bidirectional layout of its own); each word is shaped by fontkit.
 */

/** What a bill shows; money in rupees. */
export interface BillDocument {
  number: string;
  issuedAt: Date;
  seller: Seller;
  orderNumber: string;
  orderDate: string;
  paymentMethod: 'card' | 'cod';
  buyer: { name: string; email: string; phone: string };
  /** The delivery address, line by line. */
  address: string[];
  lines: { name: string; author: string; language?: string; quantity: number; price: number }[];
  subtotal: number;
  discount: number;
  couponCode: string | null;
  delivery: number;
  codFee: number;
  total: number;
}

/** Printed books, chapter 49 of the tariff. */
export const BOOKS_HSN = '4901';
export const NIL_RATED_NOTE = 'Supply of printed books, exempt/nil-rated under GST';

const require = createRequire(import.meta.url);
const FONTS = {
  sans: require.resolve('@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf'),
  sansBold: require.resolve('@expo-google-fonts/noto-sans-bengali/700Bold/NotoSansBengali_700Bold.ttf'),
  naskh: require.resolve('@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf'),
  naskhBold: require.resolve('@expo-google-fonts/noto-naskh-arabic/700Bold/NotoNaskhArabic_700Bold.ttf'),
} as const;

/**
 * The faces, read and parsed once for every bill: parsing them took four fifths of a bill's time. Each document keeps
 * its own subset of a face (pdfkit's font per document), and a face's tables are read only synchronously, so bills
 * drawn at the same time can share one.
 */
const faces = once(
  () =>
    Object.fromEntries(
      Object.entries(FONTS).map(([name, file]) => [
        name,
        fontkit.create(fs.readFileSync(file)) as fontkit.Font,
      ]),
    ) as Record<keyof typeof FONTS, fontkit.Font>,
);
/** A parsed face where pdfkit's types say only a file: pdfkit takes one as it is (anything with `layout`). */
const asSource = (face: fontkit.Font) => face as unknown as string;

/** Letters of the Arabic script (Urdu, Arabic, Persian), in all their Unicode blocks. */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
export const isRightToLeft = (text: string) => ARABIC_SCRIPT.test(text);

const PAGE = { size: 'A4' as const, margin: 40 };
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#bbbbbb';

type Doc = InstanceType<typeof PDFDocument>;

interface TextOptions {
  width: number;
  bold?: boolean;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/**
 * Writes `text` at (x, y) within `width`, wrapped, in the font of its script; answers the height used. Right-to-left
 * text is wrapped in reading order, then each line's words are written from the right (or as `align` says).
 */
function write(doc: Doc, text: string, x: number, y: number, options: TextOptions): number {
  const rtl = isRightToLeft(text);
  const font = rtl ? (options.bold ? 'naskhBold' : 'naskh') : options.bold ? 'sansBold' : 'sans';
  doc
    .font(font)
    .fontSize(options.size ?? 9)
    .fillColor(options.color ?? INK);
  if (!rtl) {
    const height = doc.heightOfString(text, { width: options.width });
    doc.text(text, x, y, { width: options.width, align: options.align ?? 'left' });
    return height;
  }
  const lines: string[][] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const line = lines.at(-1);
    if (line && doc.widthOfString([...line, word].join(' ')) <= options.width) line.push(word);
    else lines.push([word]);
  }
  // Each word on its own, from the right edge: fontkit shapes and orders the letters of a word, and a space given
  // with a word would be carried to its other side.
  const space = doc.widthOfString(' ');
  let top = y;
  for (const line of lines) {
    const widths = line.map((word) => doc.widthOfString(word));
    const used = widths.reduce((sum, width) => sum + width, 0) + space * (line.length - 1);
    let end =
      options.align === 'left'
        ? x + used
        : options.align === 'center'
          ? x + (options.width + used) / 2
          : x + options.width;
    line.forEach((word, index) => {
      end -= widths[index]!;
      doc.text(word, end, top, { lineBreak: false });
      end -= space;
    });
    top += doc.currentLineHeight(true);
  }
  return top - y;
}

const rule = (doc: Doc, y: number) =>
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(doc.page.width - PAGE.margin, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();

const editionName = (language: string | undefined) => {
  if (!language) return undefined;
  const key = language.toLowerCase();
  return isBookLanguage(key) ? BOOK_LANGUAGE_NAMES[key] : language;
};

/** The bill as a PDF file. */
export function renderBillPdf(bill: BillDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    font: asSource(faces().sans),
    info: {
      Title: `Bill of Supply ${bill.number}`,
      Subject: `Order ${bill.orderNumber}`,
      Author: bill.seller.name,
      Creator: bill.seller.name,
      CreationDate: bill.issuedAt,
    },
    lang: 'en-IN',
  });
  for (const [name, face] of Object.entries(faces())) doc.registerFont(name, asSource(face));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const right = doc.page.width - PAGE.margin;
  const full = right - left;
  const half = full / 2 - 10;
  let y = PAGE.margin;

  y += write(doc, 'BILL OF SUPPLY', left, y, { width: full, bold: true, size: 16, align: 'center' });
  y += write(doc, `${NIL_RATED_NOTE} (HSN ${BOOKS_HSN})`, left, y, {
    width: full,
    size: 9,
    color: MUTED,
    align: 'center',
  });
  y += 12;

  // The seller on the left, the bill's numbers on the right.
  const seller = bill.seller;
  let sellerY = y;
  sellerY += write(doc, seller.name, left, sellerY, { width: half, bold: true, size: 11 });
  for (const line of seller.address) sellerY += write(doc, line, left, sellerY, { width: half });
  sellerY += write(doc, `State: ${seller.state}`, left, sellerY, { width: half });
  if (seller.pan) sellerY += write(doc, `PAN: ${seller.pan}`, left, sellerY, { width: half });
  if (seller.gstin) sellerY += write(doc, `GSTIN: ${seller.gstin}`, left, sellerY, { width: half });

  const facts: [string, string][] = [
    ['Bill No.', bill.number],
    ['Date of issue', formatDate(bill.issuedAt)],
    ['Order No.', bill.orderNumber],
    ['Order date', formatDate(bill.orderDate)],
    ['Payment', bill.paymentMethod === 'cod' ? 'Cash on delivery (collected)' : 'Paid online'],
  ];
  let factsY = y;
  for (const [label, value] of facts) {
    write(doc, label, left + half + 20, factsY, { width: 90, color: MUTED });
    factsY += write(doc, value, left + half + 110, factsY, { width: half - 90, bold: label === 'Bill No.' });
  }
  y = Math.max(sellerY, factsY) + 10;
  rule(doc, y);
  y += 8;

  // The buyer and where the books go.
  let buyerY = y;
  buyerY += write(doc, 'Bill to', left, buyerY, { width: half, color: MUTED });
  buyerY += write(doc, bill.buyer.name, left, buyerY, { width: half, bold: true, size: 10 });
  buyerY += write(doc, bill.buyer.phone, left, buyerY, { width: half });
  buyerY += write(doc, bill.buyer.email, left, buyerY, { width: half });
  let shipY = y;
  shipY += write(doc, 'Deliver to', left + half + 20, shipY, { width: half, color: MUTED });
  shipY += write(doc, bill.buyer.name, left + half + 20, shipY, { width: half, bold: true, size: 10 });
  for (const line of bill.address) shipY += write(doc, line, left + half + 20, shipY, { width: half });
  y = Math.max(buyerY, shipY) + 10;

  // The lines.
  const columns = [
    { label: '#', x: left, width: 18, align: 'left' as const },
    { label: 'Book', x: left + 20, width: 255, align: 'left' as const },
    { label: 'HSN', x: left + 280, width: 40, align: 'left' as const },
    { label: 'Qty', x: left + 322, width: 40, align: 'right' as const },
    { label: 'Rate', x: left + 366, width: 70, align: 'right' as const },
    { label: 'Amount', x: left + 440, width: full - 440, align: 'right' as const },
  ];
  rule(doc, y);
  y += 4;
  for (const column of columns) {
    write(doc, column.label, column.x, y, { width: column.width, bold: true, align: column.align });
  }
  y += 16;
  rule(doc, y);
  y += 4;
  bill.lines.forEach((line, index) => {
    if (y > doc.page.height - 200) {
      doc.addPage();
      y = PAGE.margin;
    }
    const [number, book, hsn, quantity, rate, amount] = columns;
    write(doc, String(index + 1), number!.x, y, { width: number!.width });
    let bookY = y + write(doc, line.name, book!.x, y, { width: book!.width, bold: true });
    const edition = editionName(line.language);
    for (const detail of [line.author, edition ? `${edition} edition` : undefined]) {
      if (detail) bookY += write(doc, detail, book!.x, bookY, { width: book!.width, color: MUTED, size: 8 });
    }
    write(doc, BOOKS_HSN, hsn!.x, y, { width: hsn!.width });
    write(doc, String(line.quantity), quantity!.x, y, { width: quantity!.width, align: 'right' });
    write(doc, formatMoney(line.price), rate!.x, y, { width: rate!.width, align: 'right' });
    write(doc, formatMoney(line.price * line.quantity), amount!.x, y, {
      width: amount!.width,
      align: 'right',
    });
    y = bookY + 6;
  });
  rule(doc, y);
  y += 6;

  // The sums in the order every screen shows them: lines, delivery, the coupon, the COD fee, then the total.
  const sums: [string, string, boolean][] = [
    ['Subtotal', formatMoney(bill.subtotal), false],
    ['Delivery charge', formatMoney(bill.delivery), false],
  ];
  if (bill.discount > 0) {
    const label = bill.couponCode ? `Coupon discount (${bill.couponCode})` : 'Coupon discount';
    sums.push([label, `−${formatMoney(bill.discount)}`, false]);
  }
  if (bill.codFee > 0) sums.push(['Cash on delivery fee', formatMoney(bill.codFee), false]);
  sums.push(['Total', formatMoney(bill.total), true]);
  for (const [label, value, strong] of sums) {
    write(doc, label, left + 280, y, { width: 156, align: 'right', bold: strong, size: strong ? 11 : 9 });
    y += write(doc, value, left + 440, y, {
      width: full - 440,
      align: 'right',
      bold: strong,
      size: strong ? 11 : 9,
    });
  }
  y += 16;

  y += write(doc, `${NIL_RATED_NOTE}. HSN ${BOOKS_HSN}. No tax is charged on this bill.`, left, y, {
    width: full,
    size: 8,
    color: MUTED,
  });
  write(doc, 'This is a computer-generated bill and needs no signature.', left, y, {
    width: full,
    size: 8,
    color: MUTED,
  });

  doc.end();
  return done;
}
