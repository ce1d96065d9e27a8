import { useState } from 'react';
import { useLingui } from '@lingui/react';
import type { ContinueChoice, OtherCart } from '../../server/cart/cart-owner.service';
import { useWidgetId } from '../lib/ids';
import type { Send } from './types';

/** The server's question (server/cart/cart-owner.routes.ts continueQuestion): the other cart and when it changed. */
export type ContinueQuestion = OtherCart & { updated: string };

export function isContinueQuestion(value: unknown): value is ContinueQuestion {
  const v = value as ContinueQuestion | null;
  return !!v && typeof v === 'object' && typeof v.id === 'number' && Array.isArray(v.lines) && typeof v.count === 'number';
}

/**
 * Spec 4 "continuing a cart started on another device", the same box as
 * templates/partials/cart-continue.eta; the answer goes to POST /api/cart/continue and the cart
 * view (and header) redraw from the server's answer.
 */
export function ContinueCart({ question, send }: { question: ContinueQuestion; send: Send }) {
  const { i18n } = useLingui();
  const id = useWidgetId();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  if (done) return null;
  const answer = async (choice: ContinueChoice) => {
    setBusy(true);
    // On a refusal (the other cart is gone) the wizard shows the problem and the box goes: the page is the truth now.
    await send('continue', { cart_id: question.id, choice });
    setDone(true);
  };
  const choices: [ContinueChoice, string, string][] = [
    ['continue', i18n._('Pokračovať v tamtom košíku'), 'button'],
    ['merge', i18n._('Spojiť oba košíky'), 'button button--ghost'],
    ['keep', i18n._('Ponechať tento košík'), 'button button--ghost'],
  ];
  return (
    <section className="cart-continue" role="alertdialog" aria-modal="false" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <h2 className="cart-continue__title" id={`${id}-title`}>
        {i18n._('Máte rozpracovaný košík z iného zariadenia. Chcete v ňom pokračovať?')}
      </h2>
      <p className="cart-continue__text" id={`${id}-text`}>
        {i18n._('Košík z iného zariadenia ({count} ks, naposledy zmenený {date}):', { count: question.count, date: question.updated })}
      </p>
      <ul className="cart-continue__lines">
        {question.lines.map((line, i) => (
          <li key={i}>
            {line.name} × {line.quantity}
          </li>
        ))}
      </ul>
      <div className="cart-continue__actions">
        {choices.map(([choice, label, cls]) => (
          <button key={choice} type="button" className={cls} disabled={busy} data-choice={choice} onClick={() => void answer(choice)}>
            {label}
          </button>
        ))}
      </div>
    </section>
  );
}
