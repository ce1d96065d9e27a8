import { Fragment, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { Toast, useToast } from '../ui/Toast';
import { ProductDialog } from './ProductDialog';

export interface SellerProduct {
  id: number;
  name: string;
  description: string;
  price: number | null;
  /** Pieces in stock, the seller's own (decision 253). */
  quantity: number;
  imageUrl: string | null;
  visible: number;
  category: { name: string };
}

export interface SellerProductsProps {
  products?: SellerProduct[];
  limit?: number;
}

export function validProducts(value: unknown): SellerProduct[] {
  if (!Array.isArray(value)) return [];
  return value.filter((p): p is SellerProduct => !!p && typeof p === 'object' && Number.isInteger(p.id) && typeof p.name === 'string' && Number.isInteger(p.visible));
}

const euros = (cents: number | null) => (cents === null ? '' : new Intl.NumberFormat('sk-SK', { style: 'currency', currency: 'EUR' }).format(cents / 100));

/** Spec 3 status icons: 4 pending (clock), 2 approved (check), anything else disabled (cross). */
function Status({ visible }: { visible: number }) {
  const { i18n } = useLingui();
  const [icon, label, kind] = visible === 4 ? ['⏱', i18n._('Čaká na schválenie'), 'pending'] : visible === 2 ? ['✓', i18n._('Schválené'), 'approved'] : ['✕', i18n._('Vypnuté'), 'disabled'];
  return (
    <>
      <span className={`seller-status seller-status--${kind}`} title={label} aria-hidden="true">{icon}</span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}

/**
 * Produkty (spec 3, 8): the seller's table with row expansions, the add button while fewer than ten
 * products, a refresh button and the total; create and edit dialogs that close and reload on save.
 */
export function SellerProducts({ products, limit }: WidgetProps<SellerProductsProps>) {
  const { i18n } = useLingui();
  const max = typeof limit === 'number' ? limit : 10;
  const [list, setList] = useState<SellerProduct[]>(validProducts(products));
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<{ product: SellerProduct | null } | null>(null);
  const [toast, show] = useToast();

  const load = async () => {
    try {
      const { api } = await import('../lib/api');
      const body = await api.get('seller/products').json<{ products: unknown }>();
      setList(validProducts(body.products));
    } catch {
      show({ kind: 'error', text: i18n._('Chyba pri načítaní produktov') });
    }
  };
  useEffect(() => {
    if (!Array.isArray(products)) void load();
  }, []);

  const save = async (product: SellerProduct | null, body: FormData): Promise<Record<string, string> | null> => {
    const { api, readProblem } = await import('../lib/api');
    try {
      await api.post(product ? `seller/products/${product.id}` : 'seller/products', { body });
      setDialog(null);
      show({ kind: 'success', text: product ? i18n._('Produkt bol úspešne aktualizovaný') : i18n._('Produkt bol úspešne vytvorený') });
      await load();
      return null;
    } catch (error) {
      const problem = await readProblem(error);
      show({ kind: 'error', summary: problem.detail, text: product ? i18n._('Nepodarilo sa aktualizovať produkt') : i18n._('Nepodarilo sa vytvoriť produkt') });
      return problem.errors;
    }
  };

  const toggle = (id: number) => setOpen((now) => new Set(now.has(id) ? [...now].filter((x) => x !== id) : [...now, id]));
  const editButton = (p: SellerProduct) => (
    <button type="button" className="button button--secondary seller-products__edit" disabled={p.visible === 0 || p.visible === 1} onClick={() => setDialog({ product: p })}>
      {i18n._('Upraviť')}
    </button>
  );
  return (
    <>
      <Toast note={toast} />
      <div className="seller-products__head">
        {list.length < max && (
          <button type="button" className="button seller-products__add-button" onClick={() => setDialog({ product: null })}>
            {i18n._('Pridať produkt')}
          </button>
        )}
        <button type="button" className="button button--secondary seller-products__refresh" onClick={() => void load()}>
          {i18n._('Obnoviť')}
        </button>
      </div>
      <table className="seller-products">
        <thead>
          <tr>
            <th scope="col">{i18n._('Názov')}</th>
            <th scope="col">{i18n._('Obrázok')}</th>
            <th scope="col">{i18n._('Cena')}</th>
            <th scope="col">{i18n._('Kategória')}</th>
            <th scope="col">{i18n._('Stav')}</th>
            <th scope="col">{i18n._('Akcie')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((p) => (
            <Fragment key={p.id}>
              <tr data-product={p.id}>
                <td>
                  <button type="button" className="seller-products__expand" aria-expanded={open.has(p.id)} onClick={() => toggle(p.id)}>
                    {p.name}
                  </button>
                </td>
                <td>{p.imageUrl && <img src={p.imageUrl} alt="" width={48} height={48} loading="lazy" />}</td>
                <td>{euros(p.price)}</td>
                <td>{p.category?.name ?? ''}</td>
                <td><Status visible={p.visible} /></td>
                <td>{editButton(p)}</td>
              </tr>
              {open.has(p.id) && (
                <tr className="seller-products__expansion">
                  <td colSpan={6}>
                    <p><strong>{p.name}</strong></p>
                    <p>{p.description}</p>
                    <p className="seller-products__stock">{i18n._('Počet kusov na sklade: {count}', { count: p.quantity ?? 0 })}</p>
                    {editButton(p)}
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={6}>{i18n._('Spolu produktov: {count}', { count: list.length })}</td>
          </tr>
        </tfoot>
      </table>
      {dialog && <ProductDialog product={dialog.product} onSave={(body) => save(dialog.product, body)} onClose={() => setDialog(null)} />}
    </>
  );
}
