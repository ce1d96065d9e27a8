/**
 * Placeholders drawn in the boxes of product cards (same classes, same image box), so swapping a
 * page in never moves the paginator or the footer.
 */
export function Skeletons({ count }: { count: number }) {
  return (
    <div className="product-list__items" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="product-card product-card--skeleton" aria-hidden="true">
          <div className="product-card__media">
            <span className="product-card__image skeleton" />
          </div>
          <div className="product-card__body">
            <span className="skeleton skeleton--title" />
          </div>
          <span className="skeleton skeleton--price" />
          <span className="skeleton skeleton--line" />
        </div>
      ))}
    </div>
  );
}

export function LayoutIcon({ layout }: { layout: 'grid' | 'list' }) {
  const d = layout === 'grid' ? 'M4 4h7v7H4ZM13 4h7v7h-7ZM4 13h7v7H4ZM13 13h7v7h-7Z' : 'M4 5h4v4H4ZM11 7h9M4 15h4v4H4ZM11 17h9';
  return (
    <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
