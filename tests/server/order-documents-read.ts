import { parseHtml } from '../setup/html';

/**
 * Each of an order's documents read back the way its reader sees it — the printed text, not the
 * data behind it — into one shape, so the tests can compare them: the item rows, and the figure
 * lines below them keyed by what they are (subtotal, shipping, fee, discount, alignment,
 * base-R, vat-R, without-vat, vat, total, paid).
 */
export interface ReadDocument {
  items: { name: string; quantity: number; amount: number }[];
  lines: Record<string, number>;
  gift: string | null;
}

/** "1 234,56 €", "-5,00 €", "−40,00 Kč" → minor units. */
export function parseMoney(text: string): number {
  const clean = text.replace(/[\s\u00a0\u202f]/g, '').replace(/€|Kč/g, '').replace('−', '-').replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(clean)) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  return Math.round(Number(clean) * 100);
}

/** The tracking page: items from the table, lines from the summary's `data-total` keys; also its label → key map. */
export function readTrackingPage(html: string): ReadDocument & { labels: Map<string, string>; header: string[]; giftLabel: string } {
  const doc = parseHtml(html);
  const items = [...doc.querySelectorAll('.tracking-items tbody tr')].map((row) => ({
    name: row.querySelector('[data-cell="name"]')!.textContent!.trim(),
    quantity: Number(row.querySelector('[data-cell="quantity"]')!.textContent),
    amount: parseMoney(row.querySelector('[data-cell="amount"]')!.textContent!),
  }));
  const lines: Record<string, number> = {};
  const labels = new Map<string, string>();
  for (const dd of doc.querySelectorAll('.tracking-summary dd[data-total]')) {
    const key = dd.getAttribute('data-total')!;
    lines[key] = parseMoney(dd.textContent!);
    labels.set(dd.previousElementSibling!.textContent!.trim(), key);
  }
  const gift = doc.querySelector('[data-field="gift"]')?.textContent?.trim() ?? null;
  // The PDFs print the table's columns as the page names them: figures first, the name last.
  const [name, ...figures] = [...doc.querySelectorAll('.tracking-items thead th')].map((th) => th.textContent!.trim());
  // Without a gift the page names none: a label no printed line can start with.
  const giftLabel = doc.querySelector('[data-field="gift-label"]')?.textContent?.trim() ?? '\u0000';
  return { items, lines, gift, labels, header: [...figures, name], giftLabel };
}

/**
 * A PDF's text lines (pdf-text.ts): the item table after its header row (quantity, unit price, VAT
 * rate, amount, then the name's lines), and the figure lines as label/amount pairs.
 */
export function readPdf(text: string[], page: { labels: Map<string, string>; header: string[]; giftLabel: string }): ReadDocument {
  const { labels, header } = page;
  const start = text.findIndex((_, i) => header.every((h, k) => text[i + k] === h));
  if (start < 0) throw new Error(`no item table in ${JSON.stringify(text)}`);
  const items: ReadDocument['items'] = [];
  let i = start + header.length;
  while (/^\d+$/.test(text[i] ?? '')) {
    const quantity = Number(text[i]);
    const amount = parseMoney(text[i + 3]);
    i += 4;
    const name: string[] = [];
    while (i < text.length && !/^\d+$/.test(text[i]) && !labels.has(text[i]) && !text[i].startsWith(`${page.giftLabel}: `)) name.push(text[i++]);
    // A wrapped name is read back as one line: one space where the PDF broke it.
    items.push({ name: name.join(' ').replace(/\s+/g, ' ').trim(), quantity, amount });
  }
  let gift: string | null = null;
  const lines: Record<string, number> = {};
  for (; i < text.length; i++) {
    if (text[i].startsWith(`${page.giftLabel}: `)) gift = text[i].slice(page.giftLabel.length + 2);
    const key = labels.get(text[i]);
    if (key) lines[key] = parseMoney(text[++i]);
  }
  return { items, lines, gift };
}

/** The confirmation mail's HTML: item rows "N × name | amount", then label | amount rows. */
export function readMail(html: string, page: { labels: Map<string, string>; giftLabel: string }): ReadDocument {
  const { labels } = page;
  const doc = parseHtml(html);
  const items: ReadDocument['items'] = [];
  const lines: Record<string, number> = {};
  for (const row of doc.querySelectorAll('tr')) {
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent!.trim());
    if (cells.length !== 2) continue;
    const item = /^(\d+) × (.*)$/s.exec(cells[0]);
    if (item) items.push({ name: item[2].trim(), quantity: Number(item[1]), amount: parseMoney(cells[1]) });
    const key = labels.get(cells[0]);
    if (key) lines[key] = parseMoney(cells[1]);
  }
  const prefix = `${page.giftLabel}: `;
  const gift = [...doc.querySelectorAll('p')].map((p) => p.textContent!.trim()).find((t) => t.startsWith(prefix))?.slice(prefix.length) ?? null;
  return { items, lines, gift };
}

/** GET /api/purchase/{hash}: the same figures from the data, keyed as the printed documents key them. */
export function readApi(order: any): ReadDocument {
  const lines: Record<string, number> = { subtotal: order.subtotal, shipping: order.price_shipping };
  if (order.price_payment) lines.fee = order.price_payment;
  if (order.voucher_price) lines.discount = -order.voucher_price;
  if (order.price_alignment) lines.alignment = order.price_alignment;
  for (const row of order.vat_rows) {
    lines[`base-${row.rate}`] = row.base;
    lines[`vat-${row.rate}`] = row.vat;
  }
  Object.assign(lines, { 'without-vat': order.total_without_vat, vat: order.vat, total: order.total, paid: order.price_payed });
  return {
    items: order.items.map((i: any) => ({ name: i.name, quantity: i.quantity, amount: i.line_total })),
    lines,
    gift: order.gift,
  };
}

/** What "adds up" means for every document; answers what does not. */
export function arithmeticProblems(d: ReadDocument): string[] {
  const l = d.lines;
  const problems: string[] = [];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  if (sum(d.items.map((i) => i.amount)) !== l.subtotal) problems.push('items ≠ subtotal');
  if (l.subtotal + l.shipping + (l.fee ?? 0) + (l.discount ?? 0) + (l.alignment ?? 0) !== l.total) problems.push('subtotal + charges ≠ total');
  const rates = Object.keys(l).filter((k) => k.startsWith('base-')).map((k) => k.slice(5));
  if (sum(rates.map((r) => l[`base-${r}`])) !== l['without-vat']) problems.push('Σ bases ≠ total without VAT');
  if (sum(rates.map((r) => l[`vat-${r}`])) !== l.vat) problems.push('Σ VAT per rate ≠ VAT');
  if (l['without-vat'] + l.vat + (l.alignment ?? 0) !== l.total) problems.push('without VAT + VAT + alignment ≠ total');
  return problems;
}
