import { formatTime, watchUrl, YOUTUBE_ID } from '../../server/product/youtube';

export { formatTime, watchUrl, YOUTUBE_ID };

export interface Chapter {
  id: number;
  name: string;
  description: string;
  /** Start in seconds. */
  time: number;
}

export const VIDEO_SEEK = 'shop:video-seek';

/** Chapters from a prop or an answer; malformed entries are dropped and the rest sorted by time. */
export function cleanChapters(value: unknown): Chapter[] | null {
  if (!Array.isArray(value)) return null;
  return value
    .flatMap((raw, index): Chapter[] => {
      if (!raw || typeof raw !== 'object') return [];
      const c = raw as Record<string, unknown>;
      const time = Number(c.time);
      if (typeof c.name !== 'string' || !Number.isFinite(time) || time < 0) return [];
      return [{ id: Number.isFinite(Number(c.id)) ? Number(c.id) : index, name: c.name, description: typeof c.description === 'string' ? c.description : '', time: Math.floor(time) }];
    })
    .sort((a, b) => a.time - b.time);
}

/** The chapter playing at `time`: the last one that starts at or before it. */
export function chapterAt(chapters: Chapter[], time: number): number {
  let found = -1;
  chapters.forEach((c, i) => {
    if (c.time <= time) found = i;
  });
  return found;
}

/** POST /api/video/chapter with the video link, for tags placed without chapters. */
export async function fetchChapters(videoId: string): Promise<Chapter[]> {
  const { api } = await import('../lib/api');
  const answer = await api.post('video/chapter', { json: { url: watchUrl(videoId) } }).json<{ chapters?: unknown }>();
  return cleanChapters(answer.chapters) ?? [];
}
