/**
 * Shrinks an Eta template's source as it is read (decision 187): every run of whitespace in the
 * page's text that spans a line break becomes one line break, which HTML shows the same (the site's
 * CSS uses no `white-space: pre*`, a test checks). Eta tags, the inside of HTML tags and `<pre>`,
 * `<textarea>`, `<script>`, `<style>` are untouched; runs within one line stay.
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
