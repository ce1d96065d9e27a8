import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { runVotesCli } from '../../server/votes/cli';
import { findVote } from '../../server/votes/votes.service';

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 0 });
});
afterAll(() => shop.close());

const run = (...argv: string[]) => {
  const lines: string[] = [];
  const code = runVotesCli(shop.db, argv, (line) => lines.push(line), shop.clock.now());
  return { code, lines };
};

describe('server/votes/cli.ts', () => {
  it('creates, lists and closes a poll', () => {
    const created = run('create', '--name', 'Aký darček?', '--choice', 'Kniha', '--choice', 'Hra');
    expect(created.code).toBe(0);
    const hash = created.lines[0].split(/\s+/)[0];
    expect(findVote(shop.db, hash)).toMatchObject({ name: 'Aký darček?', isActive: true, choices: [{ name: 'Kniha' }, { name: 'Hra' }] });
    expect(run('list').lines.join('\n')).toContain(`${hash}  active  0 votes  Aký darček?`);
    expect(run('close', hash)).toMatchObject({ code: 0, lines: [`${hash}: closed.`] });
    expect(findVote(shop.db, hash)?.isActive).toBe(false);
  });

  it('refuses a poll without two different choices and an unknown id', () => {
    expect(run('create', '--name', 'X', '--choice', 'A').code).toBe(2);
    expect(run('close', 'nope').code).toBe(1);
    expect(run('bogus').code).toBe(2);
  });
});
