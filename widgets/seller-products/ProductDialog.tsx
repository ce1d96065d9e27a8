import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { useWidgetId } from '../lib/ids';
import { MAX_PRODUCT_IMAGE_BYTES, parsePrice, parseStock } from '../../server/sellers/seller-limits';
import type { SellerProduct } from './SellerProducts';

/** Two decimals in the sk-SK way ("12,50"), as the edit dialog shows the price. */
export const priceInput = (cents: number | null) => (cents === null ? '' : new Intl.NumberFormat('sk-SK', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(cents / 100));

/**
 * The create (product null) and edit dialog (spec 3): name, price and image required on create,
 * name and price on edit ("Vyplňte všetky povinné polia"); the stock on both (empty on create); an
 * approved product changes only its price and its stock (decision 253).
 * Resolves with the server's field errors, or null when saved.
 */
export function ProductDialog({ product, onSave, onClose }: { product: SellerProduct | null; onSave: (body: FormData) => Promise<Record<string, string> | null>; onClose: () => void }) {
  const { i18n } = useLingui();
  const id = useWidgetId();
  const onlyPrice = product !== null && product.visible !== 4;
  const [name, setName] = useState(product?.name ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [price, setPrice] = useState(priceInput(product?.price ?? null));
  const [quantity, setQuantity] = useState(product ? String(product.quantity ?? '') : '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const choose = (files: FileList | null) => {
    const { image: _, ...rest } = errors;
    setFile(null);
    if (!files || files.length === 0) return setErrors(rest);
    if (files.length > 1) return setErrors({ ...rest, image: i18n._('Prekročený maximálny počet súborov, najviac 1.') });
    const chosen = files[0];
    if (!chosen.type.startsWith('image/')) return setErrors({ ...rest, image: i18n._('Neplatný typ súboru, povolené sú iba obrázky.') });
    if (chosen.size > MAX_PRODUCT_IMAGE_BYTES) return setErrors({ ...rest, image: i18n._('Neplatná veľkosť súboru, súbor musí byť menší ako 300 KB.') });
    setErrors(rest);
    setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    const required = i18n._('Vyplňte všetky povinné polia');
    if (!name.trim()) next.name = required;
    const parsed = parsePrice(price);
    if (!parsed.ok) next.price = i18n._(parsed.message);
    const stock = parseStock(quantity);
    if (!stock.ok || stock.quantity === null) next.quantity = stock.ok ? required : i18n._(stock.message);
    if (!product && !file) next.image = errors.image ?? required;
    if (errors.image) next.image = errors.image;
    if (Object.keys(next).length) return setErrors(next);
    setBusy(true);
    const body = new FormData();
    body.append('name', name.trim());
    body.append('description', description);
    body.append('price', price);
    body.append('quantity', quantity);
    if (file) body.append('image', file);
    const refused = await onSave(body);
    setBusy(false);
    if (refused) setErrors(refused);
  };

  const err = (key: string) => errors[key] && <p className="form-field__error" id={`${id}-${key}-error`}>{errors[key]}</p>;
  return (
    <div className="seller-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
      <form className="account-form seller-product-form" noValidate onSubmit={(e) => void submit(e)}>
        <h2 id={`${id}-title`}>{product ? i18n._('Upraviť produkt') : i18n._('Pridať produkt')}</h2>
        {onlyPrice && (
          <p className="message message--warning">
            {i18n._('Produkt je schválený. Môžete upraviť iba cenu.')}
            <br />
            {i18n._('Počet kusov na sklade môžete upraviť kedykoľvek.')}
          </p>
        )}
        <div className={`form-field${errors.name ? ' form-field--error' : ''}`}>
          <label className="form-field__label" htmlFor={`${id}-name`}>{i18n._('Názov')}</label>
          <input className="form-field__input" id={`${id}-name`} value={name} disabled={onlyPrice} onChange={(e) => setName(e.target.value)} />
          {err('name')}
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-description`}>{i18n._('Popis')}</label>
          <textarea className="form-field__input" id={`${id}-description`} rows={4} value={description} disabled={onlyPrice} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <div className={`form-field${errors.price ? ' form-field--error' : ''}`}>
          <label className="form-field__label" htmlFor={`${id}-price`}>{i18n._('Cena (EUR)')}</label>
          <input className="form-field__input" id={`${id}-price`} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
          {err('price')}
        </div>
        <div className={`form-field${errors.quantity ? ' form-field--error' : ''}`}>
          <label className="form-field__label" htmlFor={`${id}-quantity`}>{i18n._('Počet kusov na sklade')}</label>
          <input className="form-field__input" id={`${id}-quantity`} name="quantity" inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
          {err('quantity')}
        </div>
        <div className={`form-field${errors.image ? ' form-field--error' : ''}`}>
          <label className="form-field__label" htmlFor={`${id}-image`}>{i18n._('Obrázok')}</label>
          <input className="form-field__input" id={`${id}-image`} type="file" accept="image/*" disabled={onlyPrice} onChange={(e) => choose(e.target.files)} />
          {err('image')}
        </div>
        <div className="seller-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>{i18n._('Zrušiť')}</button>
          <button type="submit" className="button" disabled={busy}>{i18n._('Uložiť')}</button>
        </div>
      </form>
    </div>
  );
}
