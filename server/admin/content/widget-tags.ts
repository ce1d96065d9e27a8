import { ARTICLE_WIDGETS } from '../../content/sanitize';

/** A widget tag an editor may place in a guide or page body, with the attributes it may carry. */
export interface EditorWidgetTag {
  tag: string;
  attributes: string[];
}

/**
 * The editor's list of widget tags: read from the sanitiser's one list (`ARTICLE_WIDGETS`), so the
 * editor offers exactly what a saved body keeps. The only place the back office reads that list:
 * when it moves, this line follows it.
 */
export function editorWidgetTags(): EditorWidgetTag[] {
  return Object.entries(ARTICLE_WIDGETS).map(([tag, rules]) => ({ tag, attributes: Object.keys(rules) }));
}

/** Example values the editor's "insert" fills in (the editor replaces them); unknown attributes get "". */
const EXAMPLES: Record<string, string> = {
  'product-ids': '1,2,3',
  'product-id': '1',
  size: 'pc',
  url: 'https://',
  value: '',
  label: '',
};

/** The snippet an "insert" button puts into the body: the tag with each of its attributes. */
export function widgetSnippet(widget: EditorWidgetTag): string {
  const attributes = widget.attributes.map((name) => ` ${name}="${EXAMPLES[name] ?? ''}"`).join('');
  return `<${widget.tag}${attributes}></${widget.tag}>`;
}
