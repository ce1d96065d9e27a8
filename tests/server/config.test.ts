import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dbFile.endsWith('data/shop.db')).toBe(true);
    expect(config.seed).toBe('demo');
    expect(config.hosts.sk).toContain('localhost');
    expect(config.hosts.cz).toContain('cz.localhost');
    expect(config.secret.length).toBeGreaterThanOrEqual(32);
  });

  it('parses host lists and origins', () => {
    const config = loadConfig({ SHOP_SK_HOSTS: 'Obchod.sk, www.obchod.sk', SHOP_CZ_ORIGIN: 'https://obchod.cz/' });
    expect(config.hosts.sk).toEqual(['obchod.sk', 'www.obchod.sk']);
    expect(config.origins.cz).toBe('https://obchod.cz');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED: 'lots' })).toThrow(/SEED/);
    expect(() => loadConfig({ SECRET: 'short' })).toThrow(/SECRET/);
  });
});
