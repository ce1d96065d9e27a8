import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { AUTO_EXPAND_BELOW, cutText } from './reviews';

/**
 * Spec 4: collapsed to 80 px (CSS: .expandable--collapsed), opened by itself when the content is
 * under 100 px tall, so a short review never shows a pointless button.
 */
export function ExpandableText({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const content = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<'measuring' | 'short' | 'collapsed' | 'expanded'>('measuring');

  useLayoutEffect(() => {
    const height = content.current?.scrollHeight ?? 0;
    setMode(height < AUTO_EXPAND_BELOW ? 'short' : 'collapsed');
  }, []);

  const collapsed = mode === 'collapsed' || mode === 'measuring';
  return (
    <div className={`expandable${collapsed ? ' expandable--collapsed' : ''}`}>
      <div className="expandable__content" ref={content}>
        {children}
      </div>
      {mode === 'collapsed' || mode === 'expanded' ? (
        <button type="button" className="expandable__toggle" aria-expanded={mode === 'expanded'} onClick={() => setMode(mode === 'expanded' ? 'collapsed' : 'expanded')}>
          {mode === 'expanded' ? i18n._('Zobraziť menej') : i18n._('Zobraziť viac')}
        </button>
      ) : null}
    </div>
  );
}

/** Spec 4: text over 200 characters shows its start and a "read more" button. */
export function ReadMore({ text }: { text: string }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const cut = cutText(text);
  if (cut === null) return <p className="review__text">{text}</p>;
  return (
    <p className="review__text">
      {open ? text : cut}{' '}
      <button type="button" className="review__read-more" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? i18n._('Zobraziť menej') : i18n._('Čítať ďalej')}
      </button>
    </p>
  );
}
