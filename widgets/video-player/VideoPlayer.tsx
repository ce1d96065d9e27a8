import { useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { chapterAt, cleanChapters, fetchChapters, formatTime, VIDEO_SEEK, watchUrl, YOUTUBE_ID, type Chapter } from './chapters';

export interface VideoPlayerProps {
  videoId?: string;
  /** The video's title (not `title`, which would put a tooltip on the whole player). */
  label?: string;
  /** [{ id, name, description, time }]; without it the chapters come from POST /api/video/chapter. */
  chapters?: unknown;
  /** Seconds to start at (a `?t=` of a shared link). */
  start?: number;
}

/**
 * A privacy-friendly facade with chapters: no YouTube iframe or script (our CSP forbids them). A
 * chapter click moves the start time, highlights the chapter and announces `shop:video-seek`, so
 * the play link opens the video at that time.
 */
export function VideoPlayer({ videoId, label, chapters, start, host }: WidgetProps<VideoPlayerProps>) {
  const { i18n } = useLingui();
  const id = videoId && YOUTUBE_ID.test(videoId) ? videoId : null;
  const given = useMemo(() => cleanChapters(chapters), [chapters]);
  const [fetched, setFetched] = useState<Chapter[]>([]);
  const list = given ?? fetched;
  // A chapter click wins over the start prop (which may arrive after the first render).
  const [picked, setPicked] = useState<number | null>(null);
  const time = picked ?? (start && start > 0 ? Math.floor(start) : 0);
  const current = picked !== null || time > 0 ? chapterAt(list, time) : -1;

  useEffect(() => {
    if (given || !id) return;
    let live = true;
    fetchChapters(id).then(
      (answer) => live && setFetched(answer),
      () => live && setFetched([]),
    );
    return () => {
      live = false;
    };
  }, [given, id]);

  if (!id) return <p className="video-player__invalid">{i18n._('Video nie je k dispozícii.')}</p>;

  const seek = (chapter: Chapter) => {
    setPicked(chapter.time);
    host.dispatchEvent(new CustomEvent(VIDEO_SEEK, { bubbles: true, detail: { videoId: id, time: chapter.time } }));
  };

  return (
    <div className="video-player">
      <a className="video-player__facade" href={watchUrl(id, time)} target="_blank" rel="noopener noreferrer">
        <span className="video-player__play" aria-hidden="true">
          <svg viewBox="0 0 68 48" width="68" height="48" focusable="false"><rect width="68" height="48" rx="12" /><path d="M27 14v20l18-10z" fill="#fff" /></svg>
        </span>
        <span className="video-player__title">{label}</span>
        <span className="video-player__note">
          {time > 0 ? i18n._('Prehrať na YouTube od {time}', { time: formatTime(time) }) : i18n._('Prehrať na YouTube')}
        </span>
      </a>
      {list.length > 0 ? (
        <ol className="video-player__chapters" aria-label={i18n._('Kapitoly')}>
          {list.map((chapter, index) => (
            <li key={chapter.id}>
              <button
                type="button"
                className={`video-player__chapter${index === current ? ' video-player__chapter--current' : ''}`}
                aria-current={index === current ? 'true' : undefined}
                data-time={chapter.time}
                onClick={() => seek(chapter)}
              >
                <span className="video-player__time">{formatTime(chapter.time)}</span>
                <span className="video-player__chapter-name">{chapter.name}</span>
                {chapter.description ? <span className="video-player__chapter-description">{chapter.description}</span> : null}
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
