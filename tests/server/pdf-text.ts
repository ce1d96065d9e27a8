import { inflateSync } from 'node:zlib';

/**
 * The text lines of a PDF that pdfkit wrote (tests only; no PDF library needed): inflates the streams,
 * maps each embedded font's glyph codes back to Unicode through its ToUnicode CMap (a standard font
 * such as Helvetica is read as single-byte WinAnsi), and answers one line per text object, in order.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string | null }>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2];
    const at = body.search(/stream\r?\n/);
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const start = body.indexOf('\n', at) + 1;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? body.lastIndexOf('endstream') - start);
    const bytes = Buffer.from(body.slice(start, start + length), 'latin1');
    let stream: string;
    try {
      stream = (/\/FlateDecode/.test(dict) ? inflateSync(bytes) : bytes).toString('latin1');
    } catch {
      stream = '';
    }
    objects.set(Number(m[1]), { dict, stream });
  }

  // Font resource name (F1, F2, …: pdfkit numbers them per document) → code → text; null for WinAnsi.
  const fonts = new Map<string, Map<number, string> | null>();
  for (const { dict } of objects.values()) {
    const block = /\/Font\s*<<([\s\S]*?)>>/.exec(dict)?.[1];
    if (!block) continue;
    for (const [, name, ref] of block.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(ref));
      const cmapRef = font && /\/ToUnicode (\d+) 0 R/.exec(font.dict)?.[1];
      const cmap = cmapRef ? objects.get(Number(cmapRef))?.stream : null;
      fonts.set(name, cmap ? parseCmap(cmap) : null);
    }
  }

  const lines: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream || !/\bBT\b/.test(stream)) continue;
    let font: Map<number, string> | null = null;
    for (const block of stream.match(/BT[\s\S]*?ET/g) ?? []) {
      let line = '';
      for (const [, name, shown] of block.matchAll(/\/(\w+) [\d.]+ Tf|(\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj)/g)) {
        if (name) {
          font = fonts.get(name) ?? null;
          continue;
        }
        for (const [, hex] of shown.matchAll(/<([0-9a-fA-F]*)>/g)) line += decode(hex, font);
      }
      lines.push(line);
    }
  }
  return lines;
}

function decode(hex: string, font: Map<number, string> | null): string {
  if (!font) return Buffer.from(hex, 'hex').toString('latin1');
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) out += font.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\ufffd';
  return out;
}

const utf16 = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');

function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, list, start] of body.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:\[([^\]]*)\]|<([0-9a-fA-F]+)>)/g)) {
      const from = parseInt(lo, 16);
      const to = parseInt(hi, 16);
      if (list !== undefined) {
        // A ligature maps to several code units: <0066 0069> is "fi".
        [...list.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach(([, dst], i) => map.set(from + i, utf16(dst)));
      } else {
        const first = parseInt(start, 16);
        for (let code = from; code <= to; code++) map.set(code, String.fromCodePoint(first + code - from));
      }
    }
  }
  for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, src, dst] of body.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) map.set(parseInt(src, 16), utf16(dst));
  }
  return map;
}
