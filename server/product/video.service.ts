import type { Db } from '../db/client';
import { formatTime, watchUrl } from './youtube';

export { formatTime, watchUrl, youtubeId, YOUTUBE_ID } from './youtube';

export interface VideoChapter {
  id: number;
  name: string;
  description: string;
  /** Start in seconds. */
  time: number;
}

export interface ProductVideo {
  id: number;
  youtubeId: string;
  title: string;
  url: string;
  chapters: VideoChapter[];
}

interface Statements {
  videos: (productId: number) => { id: number; youtubeId: string; title: string; url: string }[];
  chapters: (productId: number) => (VideoChapter & { videoId: number })[];
  byYoutubeId: (id: string) => { id: number; youtubeId: string; title: string; url: string } | undefined;
  chaptersOf: (videoId: number) => VideoChapter[];
}

const cache = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (s) return s;
  const sqlite = db.$client;
  const videos = sqlite.prepare(
    'SELECT id, youtube_id AS youtubeId, title, url FROM product_videos WHERE product_id = ? ORDER BY position, id',
  );
  const chapters = sqlite.prepare(
    `SELECT c.id, c.video_id AS videoId, c.name, c.description, c.time FROM video_chapters c
       JOIN product_videos v ON v.id = c.video_id WHERE v.product_id = ? ORDER BY c.time, c.id`,
  );
  const byYoutubeId = sqlite.prepare('SELECT id, youtube_id AS youtubeId, title, url FROM product_videos WHERE youtube_id = ? ORDER BY id LIMIT 1');
  const chaptersOf = sqlite.prepare('SELECT id, name, description, time FROM video_chapters WHERE video_id = ? ORDER BY time, id');
  s = {
    videos: (id) => videos.all(id) as ReturnType<Statements['videos']>,
    chapters: (id) => chapters.all(id) as ReturnType<Statements['chapters']>,
    byYoutubeId: (id) => byYoutubeId.get(id) as ReturnType<Statements['byYoutubeId']>,
    chaptersOf: (id) => chaptersOf.all(id) as VideoChapter[],
  };
  cache.set(db, s);
  return s;
}

/** A product's videos in order, each with its chapters sorted by time. */
export function productVideos(db: Db, productId: number): ProductVideo[] {
  const s = statements(db);
  const byVideo = new Map<number, VideoChapter[]>();
  for (const { videoId, ...chapter } of s.chapters(productId)) {
    const list = byVideo.get(videoId) ?? [];
    list.push(chapter);
    byVideo.set(videoId, list);
  }
  return s.videos(productId).map((v) => ({ ...v, chapters: byVideo.get(v.id) ?? [] }));
}

export interface ChapterAnswer {
  video_id: string;
  title: string | null;
  chapters: VideoChapter[];
}

/** Chapters of a known video by its YouTube id; a valid id we hold no video for has none. */
export function chaptersForYoutubeId(db: Db, id: string): ChapterAnswer {
  const video = statements(db).byYoutubeId(id);
  if (!video) return { video_id: id, title: null, chapters: [] };
  return { video_id: id, title: video.title, chapters: statements(db).chaptersOf(video.id) };
}

/** What partials/video-player.eta draws: the <shop-video> facade and the chapter links. */
export interface VideoView {
  provider: 'youtube';
  youtubeId: string;
  title: string;
  /** The provider's player origin (config VIDEO_EMBED_ORIGIN): <shop-video origin>, the CSP's frame-src. */
  origin: string;
  watchUrl: string;
  start?: number;
  startText: string;
  chapters: (VideoChapter & { timeText: string; url: string })[];
}

/** One home for the view of a video, on the product page and in guides. */
export function videoView(video: { youtubeId: string; title: string; chapters: VideoChapter[] }, origin: string, start = 0): VideoView {
  return {
    provider: 'youtube',
    youtubeId: video.youtubeId,
    title: video.title,
    origin,
    watchUrl: watchUrl(video.youtubeId, start),
    start: start > 0 ? start : undefined,
    startText: formatTime(start),
    chapters: video.chapters.map((ch) => ({ id: ch.id, name: ch.name, description: ch.description, time: ch.time, timeText: formatTime(ch.time), url: watchUrl(video.youtubeId, ch.time) })),
  };
}
