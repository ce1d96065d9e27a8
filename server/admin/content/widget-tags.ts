import { ARTICLE_WIDGET_LIST } from '../../content/article-widgets';

/** A widget tag an editor may place in a guide or page body, with the attributes it may carry. */
export interface EditorWidgetTag {
  tag: string;
  attributes: string[];
  /** The whole tag as an editor writes it, with example values (what "insert" puts in the body). */
  example: string;
}

/**
 * The editor's list of widget tags: the sanitiser's one list (server/content/article-widgets.ts,
 * also read by the help page /pomoc/widgety), so the editor offers exactly what a saved body keeps.
 */
export function editorWidgetTags(): EditorWidgetTag[] {
  return ARTICLE_WIDGET_LIST.map((widget) => ({ tag: widget.tag, attributes: widget.attributes.map((a) => a.name), example: widget.example }));
}

/** The snippet an "insert" button puts into the body. */
export function widgetSnippet(widget: EditorWidgetTag): string {
  return widget.example;
}
