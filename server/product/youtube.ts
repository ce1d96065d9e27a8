/** Pure, so widgets and schemas may import it. */
/** Spec 5: a video link must yield an 11-character video id. */
export const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'youtube-nocookie.com']);
const PATH_FORMS = new Set(['embed', 'shorts', 'live', 'v', 'e']);

/**
 * The YouTube id of a video link (youtu.be/ID, youtube.com/watch?v=ID, /embed/ID, /shorts/ID,
 * /live/ID, youtube-nocookie.com/embed/ID), or null when the link yields no 11-character id.
 */
export function youtubeId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be') id = parts.length === 1 ? parts[0] : null;
  else if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') id = url.searchParams.get('v');
    else if (parts.length === 2 && PATH_FORMS.has(parts[0])) id = parts[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The privacy-friendly facade links out to YouTube; chapters open it at their time. */
export function watchUrl(id: string, time = 0): string {
  return `https://www.youtube.com/watch?v=${id}${time > 0 ? `&t=${Math.floor(time)}s` : ''}`;
}

/** 65 → "1:05", 3723 → "1:02:03". */
export function formatTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}
