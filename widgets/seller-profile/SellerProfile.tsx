import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { useWidgetId } from '../lib/ids';
import { Toast, useToast } from '../ui/Toast';
import { MAX_SELLER_IMAGE_BYTES } from '../../server/sellers/seller-limits';

export interface SellerProfileData {
  id: number;
  name: string;
  description: string;
  image: string | null;
  locked: boolean;
}

export interface SellerProfileProps {
  api?: string;
  profile?: SellerProfileData;
}

function valid(value: unknown): SellerProfileData | null {
  const v = value as Partial<SellerProfileData> | null;
  if (!v || typeof v !== 'object' || typeof v.id !== 'number' || typeof v.name !== 'string') return null;
  return { id: v.id, name: v.name, description: typeof v.description === 'string' ? v.description : '', image: typeof v.image === 'string' ? v.image : null, locked: v.locked === true };
}

/**
 * Údaje obchodu (spec 3, 8): loads the shop's data on open, checks the name and the picture at once,
 * previews a chosen picture and saves with form data; an approved shop is shown locked.
 */
export function SellerProfile({ profile, host }: WidgetProps<SellerProfileProps>) {
  const { i18n } = useLingui();
  const id = useWidgetId();
  const [data, setData] = useState<SellerProfileData | null>(valid(profile));
  const [name, setName] = useState(data?.name ?? '');
  const [description, setDescription] = useState(data?.description ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [toast, show] = useToast();
  // The load must not undo what the seller typed while it was on its way.
  const touched = useRef(false);

  const load = async () => {
    try {
      const { api } = await import('../lib/api');
      const loaded = valid(await api.get('seller/profile').json());
      if (!loaded) throw new Error('malformed');
      setData(loaded);
      if (touched.current) return;
      setName(loaded.name);
      setDescription(loaded.description);
    } catch {
      show({ kind: 'error', summary: i18n._('Chyba'), text: i18n._('Nepodarilo sa načítať údaje obchodu') });
    }
  };
  useEffect(() => {
    void load();
  }, []);

  const choose = (chosen: File | undefined) => {
    const { image: _, ...rest } = errors;
    if (!chosen) return setErrors(rest);
    if (!chosen.type.startsWith('image/')) return setErrors({ ...rest, image: i18n._('Neplatný typ súboru') });
    if (chosen.size > MAX_SELLER_IMAGE_BYTES) return setErrors({ ...rest, image: i18n._('Veľkosť súboru musí byť menšia ako 1MB') });
    setErrors(rest);
    setFile(chosen);
    // A data: address, as the shop's CSP allows for images (blob: is not).
    const reader = new FileReader();
    reader.onload = () => typeof reader.result === 'string' && setPreview(reader.result);
    reader.readAsDataURL(chosen);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ ...errors, name: i18n._('Názov je povinný.') });
      return show({ kind: 'error', text: i18n._('Vyplňte povinné polia') });
    }
    if (errors.image) return;
    setBusy(true);
    const body = new FormData();
    body.append('name', name);
    body.append('description', description);
    if (file) body.append('image', file);
    const { api, readProblem } = await import('../lib/api');
    try {
      await api.post('seller/profile', { body });
      setErrors({});
      show({ kind: 'success', text: i18n._('Údaje obchodu boli úspešne uložené') });
      touched.current = false;
      setFile(null);
      setPreview(null);
      await load();
    } catch (error) {
      const problem = await readProblem(error);
      setErrors(problem.errors ?? {});
      show({ kind: 'error', text: i18n._('Nepodarilo sa uložiť údaje obchodu') });
    } finally {
      setBusy(false);
    }
  };

  const locked = data?.locked ?? host.getAttribute('locked') === 'true';
  const image = preview ?? data?.image ?? (data ? `/data/seller/image/${data.id}.png` : null);
  const field = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {});
  return (
    <>
      <Toast note={toast} />
      {locked && (
        <p className="message message--warning" role="status">
          {i18n._('Obchod je schválený. Už nemôžete robiť úpravy.')}
        </p>
      )}
      <form className="account-form seller-profile" noValidate onSubmit={(e) => void save(e)}>
        <fieldset className="seller-profile__fields" disabled={locked || busy}>
          <div className={`form-field${errors.name ? ' form-field--error' : ''}`}>
            <label className="form-field__label" htmlFor={`${id}-name`}>{i18n._('Názov')}</label>
            <input className="form-field__input" id={`${id}-name`} name="name" value={name} required onChange={(e) => ((touched.current = true), setName(e.target.value))} {...field('name')} />
            {errors.name && <p className="form-field__error" id={`${id}-name-error`}>{errors.name}</p>}
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-description`}>{i18n._('Popis')}</label>
            <textarea className="form-field__input" id={`${id}-description`} name="description" rows={5} value={description} onChange={(e) => ((touched.current = true), setDescription(e.target.value))} />
          </div>
          <div className={`form-field${errors.image ? ' form-field--error' : ''}`}>
            <label className="form-field__label" htmlFor={`${id}-image`}>{i18n._('Obrázok')}</label>
            {image && <img className="seller-profile__preview" src={image} alt="" width={128} height={128} />}
            <input className="form-field__input" id={`${id}-image`} name="image" type="file" accept="image/*" onChange={(e) => choose(e.target.files?.[0])} {...field('image')} />
            {errors.image && <p className="form-field__error" id={`${id}-image-error`}>{errors.image}</p>}
          </div>
          <button className="button" type="submit">{i18n._('Uložiť')}</button>
        </fieldset>
      </form>
    </>
  );
}
