import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { checkoutValuesOf, type SavedAddresses } from '../../../server/accounts/saved-address';

type Source = 'favorite' | 'recent';

/**
 * Step 3 for a signed-in consumer: "use my favourite / recent address" loads
 * GET /api/cart/address/{favorite|recent} and fills the fields that source has. The shopper asks
 * for it, so it replaces those fields; the server's prefill never replaces typed text.
 */
export function SavedAddressButtons({ countries, onFill }: { countries: string[]; onFill: (values: Record<string, string>) => void }) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  const use = async (source: Source) => {
    setBusy(true);
    const { api } = await import('../../lib/api');
    try {
      const saved = await api.get(`cart/address/${source}`).json<SavedAddresses>();
      const values = checkoutValuesOf(saved, countries);
      if (Object.keys(values).length === 0) setStatus(i18n._('Nemáte uloženú adresu.'));
      else {
        onFill(values);
        setStatus(i18n._('Údaje sme doplnili.'));
      }
    } catch {
      setStatus(i18n._('Uložené adresy sa nepodarilo načítať.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="order-saved">
      <button type="button" className="button button--ghost" disabled={busy} data-saved="favorite" onClick={() => void use('favorite')}>
        {i18n._('Použiť obľúbenú adresu')}
      </button>
      <button type="button" className="button button--ghost" disabled={busy} data-saved="recent" onClick={() => void use('recent')}>
        {i18n._('Použiť adresu z poslednej objednávky')}
      </button>
      <p className="order-saved__status" role="status">
        {status}
      </p>
    </div>
  );
}
