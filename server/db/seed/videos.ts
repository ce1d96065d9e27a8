import type Database from 'better-sqlite3';
import type { Rng } from './random';

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const KINDS = ['Predstavenie produktu', 'Návod na použitie', 'Recenzia', 'Ako na to', 'Tipy a triky'];
const CHAPTERS = [
  { name: 'Úvod', description: 'Čo vás vo videu čaká.' },
  { name: 'Vybalenie', description: 'Čo nájdete v balení.' },
  { name: 'Prvé použitie', description: 'Ako začať hneď po vybalení.' },
  { name: 'Detaily', description: 'Spracovanie a materiály zblízka.' },
  { name: 'Údržba', description: 'Čistenie a skladovanie.' },
  { name: 'Tipy a triky', description: 'Čo sme sa naučili pri testovaní.' },
  { name: 'Porovnanie', description: 'V čom sa líši od podobných výrobkov.' },
  { name: 'Zhrnutie', description: 'Pre koho sa hodí a pre koho nie.' },
];

/** A fake but well-formed YouTube id: 11 characters of its URL-safe alphabet. */
function fakeYoutubeId(r: Rng): string {
  let id = '';
  for (let i = 0; i < 11; i++) id += ID_CHARS[r.int(0, ID_CHARS.length - 1)];
  return id;
}

/**
 * One or two videos for every product with has_videos, each with 3–6 chapters in time order.
 * The links use the usual forms (watch?v=, youtu.be/); each yields its 11-character id (spec 5).
 */
export function seedVideos(sqlite: Database.Database, r: Rng): number {
  const products = sqlite.prepare('SELECT id, name FROM products WHERE has_videos = 1 ORDER BY id').all() as { id: number; name: string }[];
  const video = sqlite.prepare('INSERT INTO product_videos (id, product_id, url, youtube_id, title, position) VALUES (?, ?, ?, ?, ?, ?)');
  const chapter = sqlite.prepare('INSERT INTO video_chapters (id, video_id, name, description, time) VALUES (?, ?, ?, ?, ?)');
  let videoId = 0;
  let chapterId = 0;
  for (const product of products) {
    const count = r.chance(0.3) ? 2 : 1;
    const kinds = r.sample(KINDS, count);
    for (let n = 0; n < count; n++) {
      const youtube = fakeYoutubeId(r);
      const url = r.chance(0.6) ? `https://www.youtube.com/watch?v=${youtube}` : `https://youtu.be/${youtube}`;
      video.run(++videoId, product.id, url, youtube, `${product.name}: ${kinds[n].toLowerCase()}`, n + 1);
      const picked = r.sample(CHAPTERS.slice(1, -1), r.int(1, 4));
      const list = [CHAPTERS[0], ...CHAPTERS.slice(1, -1).filter((c) => picked.includes(c)), CHAPTERS[CHAPTERS.length - 1]];
      let time = 0;
      for (const c of list) {
        chapter.run(++chapterId, videoId, c.name, c.description, time);
        time += r.int(20, 150);
      }
    }
  }
  return videoId;
}
