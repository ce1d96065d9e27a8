import { useEffect } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';

export interface EditorTag {
  tag: string;
  attributes: string[];
  snippet: string;
}

export interface GuideEditorProps {
  /** The id of the body's textarea (the plain form's field, outside this element). */
  textarea?: string;
  /** The id (and name) of the preview frame the form's "Náhľad" button posts into. */
  frame?: string;
  /** The id of the region listing what saving would remove. */
  removed?: string;
  previewUrl?: string;
  /** The widget tags an editor may place (server/admin/content/widget-tags.ts). */
  tags?: EditorTag[];
}

const DELAY_MS = 600;

/** Puts text at the caret of a textarea (replacing a selection), as typing would, so undo and input events follow. */
export function insertAtCaret(area: HTMLTextAreaElement, text: string): void {
  area.focus();
  const start = area.selectionStart ?? area.value.length;
  const end = area.selectionEnd ?? start;
  area.setRangeText(text, start, end, 'end');
  area.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The guide body's editor, over the plain form: an "insert" button per widget tag the shop allows,
 * and, while the editor types, the preview redrawn by the server (the form's own preview post into
 * its frame) and the list of what saving would remove (the same post, asked as JSON).
 */
export function GuideEditor({ textarea = '', frame = '', removed = '', previewUrl = '', tags = [] }: WidgetProps<GuideEditorProps>) {
  const { i18n } = useLingui();

  useEffect(() => {
    const area = document.getElementById(textarea);
    if (!(area instanceof HTMLTextAreaElement) || !area.form || !previewUrl) return;
    const form = area.form;
    const previewButton = form.querySelector<HTMLButtonElement>(`button[formtarget="${frame}"]`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running: AbortController | undefined;
    const refresh = async () => {
      const fields = new URLSearchParams();
      for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields.append(name, value);
      running?.abort();
      running = new AbortController();
      try {
        const response = await fetch(previewUrl, { method: 'POST', body: fields, headers: { accept: 'application/json' }, signal: running.signal, credentials: 'same-origin' });
        if (!response.ok) return;
        const answer = (await response.json()) as { removed: string[] };
        const region = document.getElementById(removed);
        if (region) {
          region.replaceChildren();
          if (answer.removed.length) {
            const p = document.createElement('p');
            p.className = 'message message--warning';
            p.textContent = `${i18n._('Odstránené pri uložení:')} ${answer.removed.join(', ')}`;
            region.append(p);
          }
        }
        if (previewButton) form.requestSubmit(previewButton);
      } catch {
        // Aborted by newer typing or offline: the form's own buttons still work.
      }
    };
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), DELAY_MS);
    };
    form.addEventListener('input', changed);
    form.addEventListener('change', changed);
    // The first preview at once, so the frame is never empty while the form has a body.
    if (area.value.trim()) void refresh();
    return () => {
      clearTimeout(timer);
      running?.abort();
      form.removeEventListener('input', changed);
      form.removeEventListener('change', changed);
    };
  }, [textarea, frame, removed, previewUrl, i18n]);

  const insert = (snippet: string) => {
    const area = document.getElementById(textarea);
    if (area instanceof HTMLTextAreaElement) insertAtCaret(area, snippet);
  };

  return (
    <div className="admin-editor__toolbar" role="toolbar" aria-label={i18n._('Značky, ktoré môžete vložiť')}>
      {tags.map((t) => (
        <button key={t.tag} type="button" className="button button--ghost" data-insert={t.tag} title={t.snippet} onClick={() => insert(t.snippet)}>
          {i18n._('Vložiť {tag}', { tag: `<${t.tag}>` })}
        </button>
      ))}
    </div>
  );
}
