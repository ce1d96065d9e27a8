/**
 * A category list's order applies as soon as it is chosen (server/catalog/list-tools.ts): the form is
 * a plain GET form whose "Zobraziť" button works without JS; with JS a changed order submits it, so
 * the shopper does not look for the button. One listener on the document, in the site entry: a few
 * bytes, no widget runtime.
 */
export function enableListTools(): void {
  document.addEventListener('change', (event) => {
    const select = event.target;
    if (select instanceof HTMLSelectElement && select.name === 'sort' && select.form?.classList.contains('list-tools')) select.form.requestSubmit();
  });
}
