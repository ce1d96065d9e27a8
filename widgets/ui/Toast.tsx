import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 8: the seller area's toasts stay 3 s. */
export const TOAST_MS = 3000;

export interface ToastNote {
  kind: 'success' | 'error';
  summary?: string;
  text: string;
}

/** One toast at a time that disappears after `ms`; a new one replaces it. */
export function useToast(ms = TOAST_MS): [ToastNote | null, (note: ToastNote) => void] {
  const [note, setNote] = useState<ToastNote | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: ToastNote) => {
      clearTimeout(timer.current);
      setNote(next);
      timer.current = setTimeout(() => setNote(null), ms);
    },
    [ms],
  );
  return [note, show];
}

export function Toast({ note }: { note: ToastNote | null }) {
  if (!note) return null;
  return (
    <p className={`message message--${note.kind} shop-toast`} role={note.kind === 'error' ? 'alert' : 'status'}>
      {note.summary && <strong>{note.summary} </strong>}
      {note.text}
    </p>
  );
}
