/**
 * The operator's live streams from the command line (the back office has them at /admin/streamy):
 *   npx tsx server/streams/cli.ts list                 every stream: id, live or not, counts, its page
 *   npx tsx server/streams/cli.ts messages <stream>    the last messages with their ids
 *   npx tsx server/streams/cli.ts hide <message>       hides a message from every page load and reconnect
 *   npx tsx server/streams/cli.ts start <stream> | end <stream>
 * A page already open drops a message hidden here on its next load or reconnect; the back office's
 * button (same process as the pages: server/admin/streams/streams.admin.ts) tells open pages at once (docs/decisions/242).
 */
import { runAsMain } from '../db/cli-main';
import type { Db } from '../db/client';
import { findStream, hideMessage, listStreams, recentMessages, setLive } from './streams.service';

const USAGE = 'usage: streams list | messages <stream id> | hide <message id> | start <stream id> | end <stream id>';
const idOf = (value: string | undefined) => (value && /^\d{1,10}$/.test(value) ? Number(value) : null);

export function runStreamsCli(db: Db, argv: string[], out: (line: string) => void = console.log, now = new Date()): number {
  const [command, arg, ...extra] = argv;
  if (extra.length > 0) {
    out(USAGE);
    return 2;
  }
  if (command === 'list' && arg === undefined) {
    const streams = listStreams(db);
    if (streams.length === 0) out('No streams.');
    for (const s of streams) {
      const full = findStream(db, s.id)!;
      out(`${s.id}  ${s.live ? 'live' : full.startedAt ? 'ended' : 'not started'}  ${full.countLike} likes  ${full.countComment} messages  /live/${s.id}  ${s.name}`);
    }
    return 0;
  }
  const id = idOf(arg);
  if (id === null) {
    out(USAGE);
    return 2;
  }
  if (command === 'messages') {
    if (!findStream(db, id)) {
      out(`No stream ${id}.`);
      return 1;
    }
    for (const m of recentMessages(db, id)) out(`${m.id}  ${new Date(m.createdAt).toISOString()}  ${m.name || '-'}: ${m.text}`);
    return 0;
  }
  if (command === 'hide') {
    const stream = hideMessage(db, id, now);
    out(stream === null ? `No visible message ${id}.` : `Message ${id} of stream ${stream} hidden.`);
    return stream === null ? 1 : 0;
  }
  if (command === 'start' || command === 'end') {
    if (!setLive(db, id, command === 'start', now)) {
      out(`No stream ${id}.`);
      return 1;
    }
    out(`Stream ${id}: ${command === 'start' ? 'live' : 'ended'}.`);
    return 0;
  }
  out(USAGE);
  return 2;
}

void runAsMain(import.meta.url, (db, _config, argv) => runStreamsCli(db, argv));
