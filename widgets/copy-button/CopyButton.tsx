import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { Icon } from '../ui/icons';

export interface CopyButtonProps {
  value?: string;
  label?: string;
}

/** Spec 9: the "copied" state lasts 1 second. */
export const COPIED_MS = 1000;

/** Older browsers and non-secure contexts have no async clipboard: copy from a hidden textarea. */
function copyWithTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or not focused: try the old way.
  }
  return copyWithTextarea(text);
}

/** Shows a value (an IBAN, a voucher code) with a button that copies it. */
export function CopyButton({ value = '', label }: WidgetProps<CopyButtonProps>) {
  const { i18n } = useLingui();
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyText(value))) return;
    clearTimeout(timer.current);
    setDone(true);
    timer.current = setTimeout(() => setDone(false), COPIED_MS);
  };

  return (
    <span className={done ? 'copy-button copy-button--done' : 'copy-button'}>
      <code>{value}</code>
      <button type="button" className="copy-button__action" aria-label={label || i18n._('Kopírovať')} onClick={() => void copy()}>
        <Icon name={done ? 'check' : 'copy'} />
      </button>
      <span className="copy-button__status" role="status">
        {done ? i18n._('Skopírované') : ''}
      </span>
    </span>
  );
}
