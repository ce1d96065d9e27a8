import { Window } from 'happy-dom';
import { onTestFinished } from 'vitest';
import { readMenu, type ShopMenu } from '../../widgets/mobile-menu/menu';

/**
 * Parses a rendered page so tests can query it like a browser would (no scripts run). A happy-dom
 * window holds its document (and a VM context) until it is closed, so the window of a page parsed in
 * a test closes when that test finishes; one parsed outside a test (beforeAll) lives with the file.
 */
export function parseHtml(html: string): Document {
  const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  window.document.write(html);
  try {
    onTestFinished(() => window.happyDOM.close());
  } catch {
    // Not inside a test: nothing finishes before the file does.
  }
  return window.document as unknown as Document;
}

/** The category tree of a page, read from its mega menu as the phone drawer reads it (decision 186). */
export function menuOf(html: string): ShopMenu {
  return readMenu(parseHtml(html));
}

export function defaultsOf(doc: Document): Record<string, any> {
  const text = doc.getElementById('shop-defaults')?.textContent;
  if (!text) throw new Error('no shop-defaults block');
  return JSON.parse(text);
}

export function cookieValue(response: Response, name: string): string | undefined {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [key, ...rest] = pair.split('=');
    if (key.trim() === name) return rest.join('=');
  }
  return undefined;
}
