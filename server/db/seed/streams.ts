import type Database from 'better-sqlite3';
import { SEED_BASE_TIME } from './random';

/** The demo streams' ids: fixed, so a newcomer finds them at /live/1 (live) and /live/2 (recorded). */
export const DEMO_LIVE_STREAM = 1;
export const DEMO_RECORDED_STREAM = 2;

const ids = (sqlite: Database.Database, query: string) => (sqlite.prepare(query).pluck().all() as (number | string)[]).join(',');

/**
 * One live and one recorded stream (issue 22), each with a chapter of every type (spec 3: 1 html,
 * 2 image, 3 product ids, 4 blog ids, 5 category slugs, 6 static post slugs, 8 point items) naming
 * rows the demo catalogue has. The recorded one's chapters come every 10 s of its video. Streams and
 * their chat are kept when already there (a catalogue reseed); their chapters are written again,
 * since they name the new catalogue's rows.
 */
export function seedStreams(sqlite: Database.Database): void {
  const kept = sqlite.prepare('SELECT count(*) FROM video_streams WHERE id IN (?, ?)').pluck().get(DEMO_LIVE_STREAM, DEMO_RECORDED_STREAM) === 2;
  const image = sqlite.prepare('SELECT image_filename FROM products WHERE image_filename IS NOT NULL ORDER BY id LIMIT 1').pluck().get() as string | undefined;
  const values: [type: number, value: string][] = [
    [1, '<h3>Vitajte pri vysielaní</h3><p>Dnes ukazujeme <strong>novinky</strong> a odpovedáme na vaše otázky v chate.</p>'],
    [2, image ? `/data/product/image/medium/sk/${image}` : ''],
    [3, ids(sqlite, 'SELECT id FROM products WHERE parent_id IS NULL AND visible = 2 ORDER BY id LIMIT 3')],
    [4, ids(sqlite, 'SELECT id FROM blog_posts WHERE visible = 1 ORDER BY id LIMIT 2')],
    [5, ids(sqlite, "SELECT slug FROM categories WHERE type = 'product' AND parent_id IS NULL AND visible = 1 ORDER BY position, id LIMIT 3")],
    [6, ids(sqlite, "SELECT slug FROM static_posts WHERE slug IN ('doprava-a-platba', 'kontakt') ORDER BY id")],
    [8, ids(sqlite, "SELECT id FROM point_items WHERE kind = 'reward' ORDER BY id LIMIT 2")],
  ];
  const stream = sqlite.prepare('INSERT INTO video_streams (id, name, description, url, live, started_at, count_like, count_comment) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const chapter = sqlite.prepare('INSERT INTO video_stream_chapters (stream_id, type, value, sort, timestamp) VALUES (?, ?, ?, ?, ?)');
  const message = sqlite.prepare('INSERT INTO video_stream_messages (stream_id, user_id, name, text, created_at) VALUES (?, NULL, ?, ?, ?)');
  if (kept) {
    sqlite.prepare('DELETE FROM video_stream_chapters WHERE stream_id IN (?, ?)').run(DEMO_LIVE_STREAM, DEMO_RECORDED_STREAM);
  } else {
    // The operator's own streams took the ids: the demo adds none.
    if (sqlite.prepare('SELECT 1 FROM video_streams LIMIT 1').get()) return;
    stream.run(DEMO_LIVE_STREAM, 'Jesenné novinky naživo', 'Ukážka živého vysielania s chatom.', 'https://www.youtube.com/watch?v=M7lc1UVf-VE', 1, SEED_BASE_TIME - 3_600_000, 3, 2);
    stream.run(DEMO_RECORDED_STREAM, 'Záznam: Ako vybrať darček', 'Záznam vysielania; kapitoly sa ukazujú podľa času videa.', 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', 0, SEED_BASE_TIME - 7 * 86_400_000, 12, 0);
    message.run(DEMO_LIVE_STREAM, 'Jana', 'Dobrý deň, teším sa!', SEED_BASE_TIME - 600_000);
    message.run(DEMO_LIVE_STREAM, 'Peter', 'Bude aj zľava na novinky?', SEED_BASE_TIME - 300_000);
  }
  values.forEach(([type, value], sort) => {
    if (!value) return;
    chapter.run(DEMO_LIVE_STREAM, type, value, sort, 0);
    chapter.run(DEMO_RECORDED_STREAM, type, value, sort, sort * 10);
  });
}
