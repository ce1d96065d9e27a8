/**
 * The operator's polls until the back office has them:
 *   npx tsx server/votes/cli.ts create --name "Aký darček?" [--description "…"] --choice Kniha --choice Hra
 *   npx tsx server/votes/cli.ts list          every poll: public id, active or closed, counts per choice
 *   npx tsx server/votes/cli.ts close <id>    stops voting (the public id; `open <id>` starts it again)
 * The public id goes into <shop-vote vote-id="…"> and <shop-vote-chart vote-id="…"> in a guide.
 */
import { parseArgs } from 'node:util';
import { runAsMain } from '../db/cli-main';
import type { Db } from '../db/client';
import { createVote, findVote, listVotes, setVoteActive } from './votes.service';

const USAGE = 'usage: votes create --name <text> [--description <text>] --choice <text> --choice <text> … | list | close <id> | open <id>';

export function runVotesCli(db: Db, argv: string[], out: (line: string) => void = console.log, now = new Date()): number {
  const [command, ...rest] = argv;
  if (command === 'create') {
    const { values } = parseArgs({ args: rest, options: { name: { type: 'string' }, description: { type: 'string' }, choice: { type: 'string', multiple: true } }, strict: true });
    const name = values.name?.trim() ?? '';
    const choices = (values.choice ?? []).map((c) => c.trim()).filter(Boolean);
    if (!name || choices.length < 2 || new Set(choices).size !== choices.length) {
      out('A poll needs --name and at least two different --choice values.');
      return 2;
    }
    const vote = createVote(db, { name, description: values.description?.trim(), choices, now });
    out(`${vote.hash}  ${vote.name}  (${choices.join(' / ')})`);
    out(`  <shop-vote vote-id="${vote.hash}"></shop-vote> <shop-vote-chart vote-id="${vote.hash}"></shop-vote-chart>`);
    return 0;
  }
  if (command === 'list' && rest.length === 0) {
    const votes = listVotes(db);
    if (votes.length === 0) out('No polls.');
    for (const v of votes) {
      out(`${v.hash}  ${v.isActive ? 'active' : 'closed'}  ${v.count} votes  ${v.name}`);
      for (const c of v.choices) out(`    ${String(c.sum).padStart(5)}  ${c.name}`);
    }
    return 0;
  }
  if ((command === 'close' || command === 'open') && rest.length === 1) {
    const vote = findVote(db, rest[0].trim());
    if (!vote) {
      out(`No poll ${rest[0]}.`);
      return 1;
    }
    setVoteActive(db, vote.id, command === 'open');
    out(`${vote.hash}: ${command === 'open' ? 'open' : 'closed'}.`);
    return 0;
  }
  out(USAGE);
  return 2;
}

void runAsMain(import.meta.url, (db, _config, argv) => runVotesCli(db, argv));
