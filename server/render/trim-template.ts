/**
 * Shrinks an Eta template's source before it is compiled (once per template in production): every
 * run of whitespace in the page's text that spans a line break — the indentation and blank lines
 * between tags — becomes one line break (decision 187). In HTML's normal white-space handling a run
 * of spaces and line breaks shows as one space, so the page reads and lays out the same: `a <b>x</b>`
 * keeps its space, a line break between two inline elements still separates them. The site's CSS
 * uses no `white-space: pre`, `pre-wrap` or `break-spaces` (a test checks), which would show it.
 *
 * Untouched: Eta tags (their code and strings), the inside of HTML tags (attribute values), and the
 * contents of `<pre>`, `<textarea>`, `<script>` and `<style>`. Runs within one line (`a <b>`) stay
 * as they are. Doing this to the template rather than to each response costs no CPU per request.
 */

/**
 * One token at a time: an Eta tag; a raw-text element with everything up to its end tag; an HTML tag
 * (its attributes may hold Eta tags, which may hold `>`); or text up to the next `<`.
 */
const TOKEN = /<%[\s\S]*?%>|<(pre|textarea|script|style)\b(?:<%[\s\S]*?%>|[^>])*>[\s\S]*?<\/\1\s*>|<[a-zA-Z/!](?:<%[\s\S]*?%>|[^>])*>|[^<]+|</g;

/** A run of HTML whitespace with at least one line break in it. */
const LINE_BREAK_RUN = /[ \t\f\r]*\n[ \t\f\r\n]*/g;

export function trimTemplate(source: string): string {
  let out = '';
  for (const [token] of source.matchAll(TOKEN)) {
    out += token[0] === '<' ? token : token.replace(LINE_BREAK_RUN, '\n');
  }
  return out;
}
