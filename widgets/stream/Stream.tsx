import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { getDefaults } from '../lib/defaults';
import { useWidgetId } from '../lib/ids';
import type { StreamCounts, StreamFallback, StreamMessageItem } from './fallback';

export interface StreamProps {
  streamId?: number;
  /** live | ended | waiting (server/streams/streams.pages.ts). */
  state?: string;
  /** The stream's event address (GET /api/video-stream/{id}/events). */
  events?: string;
  /** The last message the server drew: the first connection catches up after it. */
  after?: number;
  signedIn?: boolean;
  liked?: boolean;
}

/** Spec 7: the view auto-scrolls 2 s after something new appears. */
export const AUTO_SCROLL_MS = 2000;
/** The player's time (widgets of the video player dispatch it every second while playing). */
export const VIDEO_TIME_EVENT = 'shop-video:time';

/**
 * Shows the chapters of a recorded stream whose time has come (the player's `shop-video:time`, every
 * second); a live stream's are all shown by the server. Answers whether one appeared.
 */
export function showChaptersAt(root: ParentNode, seconds: number): HTMLElement | null {
  let appeared: HTMLElement | null = null;
  for (const chapter of root.querySelectorAll<HTMLElement>('[data-stream-chapter]')) {
    const due = Number(chapter.dataset.at ?? 0) <= seconds;
    if (due && chapter.hidden) appeared = chapter;
    chapter.hidden = !due;
  }
  return appeared;
}

/**
 * <shop-stream>: the counts, the like button and the chat of the stream page, kept current over
 * Server-Sent Events (messages, likes, viewers; the browser reconnects with Last-Event-ID and the
 * server catches up). Sends through the API; the server's forms are the no-JS fallback it replaces.
 */
export function Stream({ streamId = 0, state = 'waiting', events = '', after = 0, signedIn = false, liked: likedAtStart = false, fallbackData }: WidgetProps<StreamProps>) {
  const { i18n } = useLingui();
  const id = useWidgetId();
  const server = fallbackData as StreamFallback | undefined;
  const [messages, setMessages] = useState<StreamMessageItem[]>(server?.messages ?? []);
  const [counts, setCounts] = useState<StreamCounts>(server?.counts ?? { count_user: 0, count_like: 0, count_comment: 0 });
  const [liked, setLiked] = useState(likedAtStart);
  const [text, setText] = useState(server?.text ?? '');
  const [name, setName] = useState(server?.name ?? '');
  const [errors, setErrors] = useState<Record<string, string>>(server?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const log = useRef<HTMLOListElement>(null);
  const live = state === 'live';

  const add = useCallback((message: StreamMessageItem) => {
    setMessages((list) => (list.some((m) => m.id === message.id) ? list : [...list, message].sort((a, b) => a.id - b.id).slice(-200)));
  }, []);

  useEffect(() => {
    if (!events || typeof EventSource === 'undefined') return;
    const source = new EventSource(after > 0 ? `${events}?after=${after}` : events);
    source.addEventListener('message', (e) => {
      try {
        const m = JSON.parse((e as MessageEvent<string>).data) as StreamMessageItem & { count_comment?: number };
        add({ id: m.id, name: m.name, text: m.text });
        if (typeof m.count_comment === 'number') setCounts((c) => ({ ...c, count_comment: m.count_comment! }));
      } catch {
        // A malformed event is skipped; the next one and a reconnect's catch-up still count.
      }
    });
    source.addEventListener('hide', (e) => {
      const hidden = Number(JSON.parse((e as MessageEvent<string>).data).id);
      setMessages((list) => list.filter((m) => m.id !== hidden));
    });
    source.addEventListener('counts', (e) => setCounts(JSON.parse((e as MessageEvent<string>).data) as StreamCounts));
    return () => source.close();
  }, [events, after, add]);

  // The chat follows new messages, 2 s after they came (spec 7).
  useEffect(() => {
    const timer = setTimeout(() => {
      if (log.current) log.current.scrollTop = log.current.scrollHeight;
    }, AUTO_SCROLL_MS);
    return () => clearTimeout(timer);
  }, [messages.length]);

  // A recorded stream's chapters by the video time; the one that appeared is scrolled to 2 s later.
  useEffect(() => {
    if (live) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onTime = (e: Event) => {
      const seconds = Number((e as CustomEvent<{ seconds?: number }>).detail?.seconds);
      if (!Number.isFinite(seconds)) return;
      const appeared = showChaptersAt(document, seconds);
      if (!appeared) return;
      clearTimeout(timer);
      timer = setTimeout(() => appeared.scrollIntoView({ block: 'nearest', behavior: 'smooth' }), AUTO_SCROLL_MS);
    };
    document.addEventListener(VIDEO_TIME_EVENT, onTime);
    return () => {
      document.removeEventListener(VIDEO_TIME_EVENT, onTime);
      clearTimeout(timer);
    };
  }, [live]);

  const like = async () => {
    if (liked || busy) return;
    setBusy(true);
    const { api } = await import('../lib/api');
    try {
      const answer = await api.post('video-stream/like', { json: { video_stream_id: streamId } }).json<{ liked: boolean; count_like: number }>();
      setLiked(true);
      setCounts((c) => ({ ...c, count_like: Math.max(c.count_like, answer.count_like) }));
    } catch {
      // The button stays; a second press tries again.
    } finally {
      setBusy(false);
    }
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setErrors({ text: i18n._('Napíšte správu') });
      return;
    }
    setBusy(true);
    setErrors({});
    const { api, readProblem } = await import('../lib/api');
    try {
      const message = await api.post('video-stream/message', { json: { video_stream_id: streamId, text, name } }).json<StreamMessageItem>();
      add({ id: message.id, name: message.name, text: message.text });
      setText('');
    } catch (error) {
      const problem = await readProblem(error);
      setErrors(Object.keys(problem.errors).length > 0 ? problem.errors : { _form: problem.detail });
    } finally {
      setBusy(false);
    }
  };

  const { csrf, routes } = getDefaults();
  return (
    <div className="stream-side">
      {live ? (
        <div className="stream-counts">
          <p className="stream-counts__live">{i18n._('Naživo')}</p>
          <dl className="stream-counts__list">
            <div><dt>{i18n._('Diváci')}</dt><dd data-count="count_user">{counts.count_user}</dd></div>
            <div><dt>{i18n._('Páči sa')}</dt><dd data-count="count_like">{counts.count_like}</dd></div>
            <div><dt>{i18n._('Komentáre')}</dt><dd data-count="count_comment">{counts.count_comment}</dd></div>
          </dl>
          <div className="stream-like">
            <button type="button" className="button stream-like__button" disabled={liked || busy} onClick={() => void like()}>
              {liked ? i18n._('Páči sa vám') : i18n._('Páči sa mi')}
            </button>
          </div>
        </div>
      ) : (
        <p className="stream-state" role="status">{server?.stateText ?? ''}</p>
      )}
      <section className="stream-chat" id="chat" aria-labelledby={`${id}-chat`}>
        <h2 className="stream-chat__title" id={`${id}-chat`}>{i18n._('Chat')}</h2>
        <ol className="stream-chat__log" aria-live="polite" ref={log}>
          {messages.map((m) => (
            <li className="stream-chat__message" data-message={m.id} key={m.id}>
              <strong className="stream-chat__name">{m.name || i18n._('Divák')}</strong> <span className="stream-chat__text">{m.text}</span>
            </li>
          ))}
        </ol>
        {signedIn ? (
          <form className="stream-chat__form" noValidate onSubmit={(e) => void send(e)}>
            <label className="stream-chat__field">
              <span>{i18n._('Správa')}</span>
              <textarea name="text" rows={2} maxLength={500} required value={text} onChange={(e) => setText(e.target.value)} aria-invalid={errors.text ? true : undefined} />
            </label>
            {errors.text && <p className="stream-chat__error">{errors.text}</p>}
            <label className="stream-chat__field">
              <span>{i18n._('Meno (nepovinné)')}</span>
              <input name="name" maxLength={60} autoComplete="nickname" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={errors.name ? true : undefined} />
            </label>
            {errors.name && <p className="stream-chat__error">{errors.name}</p>}
            {errors._form && <p className="stream-chat__alert" role="alert">{errors._form}</p>}
            <button type="submit" className="button button--primary" disabled={busy}>{i18n._('Odoslať')}</button>
          </form>
        ) : (
          <form className="stream-chat__sign-in" method="post" action={routes.signIn} noValidate>
            <p className="stream-chat__note">{i18n._('Správy môžu posielať len prihlásení používatelia.')}</p>
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="r" value={`/live/${streamId}`} />
            <div className="form-field">
              <label className="form-field__label" htmlFor={`${id}-username`}>{i18n._('E-mail')}</label>
              <input className="form-field__input" id={`${id}-username`} name="username" type="email" autoComplete="username" required />
            </div>
            <div className="form-field">
              <label className="form-field__label" htmlFor={`${id}-password`}>{i18n._('Heslo')}</label>
              <input className="form-field__input" id={`${id}-password`} name="password" type="password" autoComplete="current-password" required />
            </div>
            <button className="button button--primary" type="submit">{i18n._('Prihlásiť sa')}</button>
          </form>
        )}
      </section>
    </div>
  );
}
