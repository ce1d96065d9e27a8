import { useEffect, useId, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { getDefaults } from '../lib/defaults';
import { Pager, pageSizeOf } from '../ui/Pager';
import { Toast, useToast } from '../ui/Toast';

export interface Message {
  id: number;
  isSent: boolean;
  sentAt: string;
  title: string;
  text: string;
  seenAt: string | null;
}

const MAX_LENGTH = 2000;

function validItems(value: unknown): Message[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter((m) => m && typeof m.id === 'number' && typeof m.sentAt === 'string' && typeof m.text === 'string');
}

/**
 * Správy (spec 6, 10): a Send message button with its dialog (one text area; empty: "Vyplňte text
 * správy", not sent), a spinner while the list loads, the table paged in the browser (10/20/50) with
 * the read column (date, "-" for sent, or a mark-as-read button), and the spec's toasts. The server's
 * page (forms without JavaScript) is what it replaces.
 */
export function Messages({ initial }: WidgetProps<{ initial?: { items?: unknown; size?: number } }>) {
  const { i18n } = useLingui();
  const id = useId();
  const [items, setItems] = useState<Message[] | null>(() => validItems(initial?.items));
  const [size, setSize] = useState<number>(pageSizeOf(initial?.size));
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [text, setText] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [toast, show] = useToast();
  const date = new Intl.DateTimeFormat(getDefaults().intlLocale, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

  const load = async () => {
    setLoading(true);
    try {
      const { api } = await import('../lib/api');
      setItems(validItems(await api.get('consumer/notification/list').json()) ?? []);
    } catch {
      show({ kind: 'error', text: i18n._('Nepodarilo sa načítať správy') });
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    if (items === null) void load();
  }, []);

  const send = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (!text.trim()) {
      setWarning(i18n._('Vyplňte text správy'));
      return;
    }
    setBusy(true);
    try {
      const { api } = await import('../lib/api');
      await api.post('consumer/notification/send', { json: { text, recipientId: 1 } });
      setDialog(false);
      setText('');
      setWarning(null);
      show({ kind: 'success', text: i18n._('Správa bola odoslaná') });
      setPage(1);
      await load();
    } catch {
      show({ kind: 'error', text: i18n._('Nepodarilo sa odoslať správu') });
    } finally {
      setBusy(false);
    }
  };

  const markSeen = async (message: Message) => {
    try {
      const { api } = await import('../lib/api');
      await api.post(`consumer/notification/mark-seen/${message.id}`);
      show({ kind: 'success', text: i18n._('Správa bola označená ako prečítaná') });
      await load();
    } catch {
      show({ kind: 'error', text: i18n._('Nepodarilo sa označiť správu ako prečítanú') });
    }
  };

  const list = items ?? [];
  const pages = Math.max(1, Math.ceil(list.length / size));
  const shown = Math.min(page, pages);
  const rows = list.slice((shown - 1) * size, shown * size);
  return (
    <div className="messages" aria-busy={loading}>
      <Toast note={toast} />
      <button type="button" className="button messages__open" onClick={() => setDialog(true)}>
        {i18n._('Poslať správu')}
      </button>
      {loading && (
        <p className="messages__spinner" role="status">
          <span className="messages__spinner-ring" aria-hidden="true" />
          <span className="visually-hidden">{i18n._('Načítavam')}</span>
        </p>
      )}
      {items !== null && list.length === 0 && <p className="messages__empty">{i18n._('Nemáte žiadne správy.')}</p>}
      {list.length > 0 && (
        <div className="messages__wrap">
          <table className="messages__table">
            <thead>
              <tr>
                <th scope="col"><span className="visually-hidden">{i18n._('Smer')}</span></th>
                <th scope="col">{i18n._('Dátum')}</th>
                <th scope="col">{i18n._('Predmet')}</th>
                <th scope="col">{i18n._('Text')}</th>
                <th scope="col">{i18n._('Prečítané')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.id} data-message={m.id} className={!m.isSent && !m.seenAt ? 'messages__row--unread' : ''}>
                  <td className="messages__dir" title={m.isSent ? i18n._('Odoslaná') : i18n._('Prijatá')}>
                    <span aria-hidden="true">{m.isSent ? '↗' : '↙'}</span>
                    <span className="visually-hidden">{m.isSent ? i18n._('Odoslaná') : i18n._('Prijatá')}</span>
                  </td>
                  <td className="messages__date">{date.format(new Date(m.sentAt))}</td>
                  <td className="messages__title">{m.title}</td>
                  <td className="messages__text">{m.text}</td>
                  <td className="messages__seen">
                    {m.isSent ? '-' : m.seenAt ? date.format(new Date(m.seenAt)) : (
                      <button type="button" className="button button--ghost messages__mark" onClick={() => void markSeen(m)}>
                        {i18n._('Označiť ako prečítanú')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={shown} pages={pages} size={size} onPage={setPage} onSize={(s) => { setSize(s); setPage(1); }} />
      {dialog && (
        <div className="seller-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
          <form className="account-form messages__form" noValidate onSubmit={(e) => void send(e)}>
            <h2 id={`${id}-title`}>{i18n._('Poslať správu')}</h2>
            <div className={`form-field${warning ? ' form-field--error' : ''}`}>
              <label className="form-field__label" htmlFor={`${id}-text`}>{i18n._('Text správy')}</label>
              <textarea className="form-field__input" id={`${id}-text`} rows={5} maxLength={MAX_LENGTH} value={text} autoFocus aria-invalid={warning ? true : undefined} onChange={(e) => setText(e.currentTarget.value)} />
              {warning && <p className="form-field__error" role="alert">{warning}</p>}
            </div>
            <div className="seller-dialog__actions">
              <button type="button" className="button button--secondary" onClick={() => { setDialog(false); setWarning(null); }}>{i18n._('Zrušiť')}</button>
              <button type="submit" className="button" disabled={busy}>{i18n._('Odoslať')}</button>
            </div>
          </form>
        </div>
      )}
    </div>
  );
}
