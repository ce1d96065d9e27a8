import { useLingui } from '@lingui/react';

/** The page sizes a shopper may pick in the account's tables (points history, Správy). */
export const PAGE_SIZES = [10, 20, 50] as const;

/** A size the table may be asked for, else the first. */
export const pageSizeOf = (size: unknown): number => (PAGE_SIZES.includes(size as never) ? (size as number) : PAGE_SIZES[0]);

/**
 * The account tables' pager: rows per page, and the pages as buttons (the current one marked, not a
 * button) once there is more than one. The widget owns the state and the loading; a new size starts
 * again at page 1 (the widget decides).
 */
export function Pager(props: { page: number; pages: number; size: number; disabled?: boolean; onPage: (page: number) => void; onSize: (size: number) => void }) {
  const { i18n } = useLingui();
  const { page, pages, size, disabled, onPage, onSize } = props;
  return (
    <nav className="pager" aria-label={i18n._('Stránkovanie')}>
      <label className="pager__size">
        {i18n._('Riadkov na stránku')}{' '}
        <select value={String(size)} disabled={disabled} onChange={(ev) => onSize(Number(ev.currentTarget.value))}>
          {PAGE_SIZES.map((s) => (
            <option key={s} value={String(s)}>{s}</option>
          ))}
        </select>
      </label>
      {pages > 1 && (
        <ul className="pager__pages" role="list">
          {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
            <li key={p}>
              {p === page ? <span aria-current="page">{p}</span> : (
                <button type="button" className="pager__page" disabled={disabled} onClick={() => onPage(p)}>{p}</button>
              )}
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
