import { useCallback, useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { CONSENT_CHANGED, readConsent, saveConsent } from '../lib/consent';
import { PROVIDERS } from './providers/youtube';
import type { PlayerConnection } from './providers/types';
import { VIDEO_SEEK, VIDEO_TIME } from './events';

export interface VideoProps {
  provider?: string;
  videoId?: string;
  title?: string;
  /** Seconds to start at. */
  start?: number;
  /** The provider's player origin (the server's VIDEO_EMBED_ORIGIN); the provider's own when absent. */
  origin?: string;
}

type Stage = 'facade' | 'ask' | 'player';

const TICK_MS = 1000;

/**
 * <shop-video>: the server's facade (a drawn placeholder linking to the video, no third-party
 * request) becomes a button; a press loads the provider's privacy-enhanced player in place, after
 * the shopper's marketing consent (asked here when missing). While it plays the element dispatches
 * `shop-video:time` {seconds} every second (bubbling); a `shop-video:seek` {seconds} dispatched on
 * it (or on the document) seeks the player, loading it first when it is still the facade.
 */
export function Video({ provider: providerName = 'youtube', videoId, title, start, origin, host }: WidgetProps<VideoProps>) {
  const { i18n } = useLingui();
  const provider = PROVIDERS[providerName];
  const [stage, setStage] = useState<Stage>('facade');
  const [from, setFrom] = useState(() => (start && start > 0 ? Math.floor(start) : 0));
  const frame = useRef<HTMLIFrameElement>(null);
  const connection = useRef<PlayerConnection | null>(null);
  const playback = useRef({ seconds: 0, playing: false });
  const stageRef = useRef(stage);
  stageRef.current = stage;
  const playerOrigin = origin && /^https?:\/\/[^/]+$/.test(origin) ? origin : provider?.defaultOrigin;

  const allowed = useCallback(() => !provider || readConsent()?.[provider.consent] === true, [provider]);
  const open = useCallback(
    (at?: number) => {
      if (at !== undefined) setFrom(at);
      setStage(allowed() ? 'player' : 'ask');
    },
    [allowed],
  );

  // A seek on the element (a chapter) or on the whole page (a page with one video).
  useEffect(() => {
    const onSeek = (event: Event) => {
      const seconds = Number((event as CustomEvent<{ seconds?: unknown }>).detail?.seconds);
      if (!Number.isFinite(seconds) || seconds < 0) return;
      if (stageRef.current === 'player' && connection.current) {
        connection.current.seek(seconds);
        connection.current.play();
        playback.current.seconds = seconds;
      } else open(seconds);
    };
    const onPageSeek = (event: Event) => event.target === document && onSeek(event);
    host.addEventListener(VIDEO_SEEK, onSeek);
    document.addEventListener(VIDEO_SEEK, onPageSeek);
    return () => {
      host.removeEventListener(VIDEO_SEEK, onSeek);
      document.removeEventListener(VIDEO_SEEK, onPageSeek);
    };
  }, [host, open]);

  // Consent given elsewhere (the bar, the footer's settings) while this one asks.
  useEffect(() => {
    const onConsent = () => stageRef.current === 'ask' && allowed() && setStage('player');
    document.addEventListener(CONSENT_CHANGED, onConsent);
    return () => document.removeEventListener(CONSENT_CHANGED, onConsent);
  }, [allowed]);

  // The time, every second while it plays.
  useEffect(() => {
    if (stage !== 'player') return;
    const tick = setInterval(() => {
      if (!playback.current.playing) return;
      host.dispatchEvent(new CustomEvent(VIDEO_TIME, { bubbles: true, detail: { seconds: playback.current.seconds } }));
    }, TICK_MS);
    return () => {
      clearInterval(tick);
      connection.current?.close();
      connection.current = null;
    };
  }, [stage, host]);

  if (!provider || !playerOrigin || !videoId) return <p className="video__invalid">{i18n._('Video nie je k dispozícii.')}</p>;
  const watch = provider.watchUrl(videoId, from);

  if (stage === 'player') {
    let src: string;
    try {
      src = provider.embedUrl(playerOrigin, videoId, from, location.origin);
    } catch {
      return <p className="video__invalid">{i18n._('Video nie je k dispozícii.')}</p>;
    }
    const onLoad = () => {
      connection.current?.close();
      if (!frame.current) return;
      connection.current = provider.connect(frame.current, playerOrigin, {
        onTime: (seconds, playing) => {
          playback.current = { seconds, playing };
        },
      });
    };
    return (
      <div className="video">
        <iframe
          ref={frame}
          className="video__frame"
          src={src}
          title={title ?? i18n._('Video')}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={onLoad}
        />
      </div>
    );
  }

  if (stage === 'ask') {
    const agree = () => {
      saveConsent({ ...(readConsent() ?? { analytics: false, marketing: false }), [provider.consent]: true });
      setStage('player');
    };
    return (
      <div className="video">
        <div className="video__facade video__ask" role="group" aria-label={title}>
          <p className="video__ask-title">{i18n._('Prehrať video z YouTube?')}</p>
          <p className="video__ask-text">
            {i18n._('Video sa načíta z YouTube, ktorý pritom môže ukladať cookies. Potrebujeme na to váš súhlas s marketingovými cookies.')}
          </p>
          <p className="video__ask-actions">
            <button type="button" className="button video__agree" onClick={agree}>
              {i18n._('Povoliť a prehrať')}
            </button>
            <a className="video__watch" href={watch} target="_blank" rel="noopener noreferrer">
              {i18n._('Pozrieť na YouTube')}
            </a>
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="video">
      <button type="button" className="video__facade" onClick={() => open()}>
        <span className="video__play" aria-hidden="true">
          <svg viewBox="0 0 68 48" width="68" height="48" focusable="false"><rect width="68" height="48" rx="12" /><path d="M27 14v20l18-10z" fill="#fff" /></svg>
        </span>
        <span className="video__title">{title}</span>
        <span className="video__note">{i18n._('Prehrať video')}</span>
      </button>
    </div>
  );
}
