import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trimTemplate } from '../../server/render/trim-template';

const ROOT = join(import.meta.dirname, '../..');
const files = (dir: string, ext: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(ext))
    .map((name) => join(dir, name));

describe('trimTemplate (decision 187)', () => {
  it('turns indentation and blank lines between tags into one line break', () => {
    expect(trimTemplate('<ul>\n    <li>a</li>\n\n    <li>b</li>\n  </ul>\n')).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n');
    expect(trimTemplate('  <% if (x) { %>\n      <p>\n        Text\n      </p>\n  <% } %>')).toBe('  <% if (x) { %>\n<p>\nText\n</p>\n<% } %>');
  });

  it('keeps whitespace that shows: a space on one line, and a separator between inline elements', () => {
    expect(trimTemplate('a <b>x</b> and <i>y</i>')).toBe('a <b>x</b> and <i>y</i>');
    // A line break between two inline elements renders as a space: one stays.
    expect(trimTemplate('<span>1</span>\n      <span>2</span>')).toBe('<span>1</span>\n<span>2</span>');
    expect(trimTemplate('<%= it.a %>\n   <%= it.b %>')).toBe('<%= it.a %>\n<%= it.b %>');
  });

  it('leaves Eta code, attribute values and raw-text elements alone', () => {
    const untouched = [
      "<%= it.a + '\n    ' + it.b %>",
      '<a title="one\n     two" href="<%= x > 1 ? \'\n  \' : \'\' %>">',
      '<pre>\n  code\n\n  more</pre>',
      '<textarea name="n">\n  <%= it.note %>\n</textarea>',
      '<script nonce="<%= it.nonce %>">\n  if (a < b)\n    run()\n</script>',
      '<style>\n  a { color: red }\n</style>',
    ];
    for (const source of untouched) expect(trimTemplate(source)).toBe(source);
  });

  it('changes nothing but whitespace in any template, and a second pass changes nothing', () => {
    for (const file of files(join(ROOT, 'templates'), '.eta')) {
      const source = readFileSync(file, 'utf8');
      const trimmed = trimTemplate(source);
      expect(trimmed.replace(/\s+/g, ''), file).toBe(source.replace(/\s+/g, ''));
      expect(trimmed.length, file).toBeLessThanOrEqual(source.length);
      expect(trimTemplate(trimmed), file).toBe(trimmed);
    }
  });

  it('is safe because no stylesheet preserves white space (pre, pre-wrap, break-spaces)', () => {
    // pre-line (a message's own line breaks) is allowed: its text is written right inside its tags.
    for (const file of files(join(ROOT, 'static/css'), '.css')) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/white-space\s*:\s*(pre(?!-line)|break-spaces)|white-space-collapse\s*:\s*(preserve|break-spaces)/);
    }
  });
});
