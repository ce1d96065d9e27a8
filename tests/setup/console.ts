import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A console error or warning fails the test that caused it; a test that expects one spies on
 * console itself (vi.spyOn(console, 'error').mockImplementation(...)) before it happens.
 */
let messages: string[] = [];
const original = { error: console.error, warn: console.warn };

beforeEach(() => {
  messages = [];
  console.error = (...args: unknown[]) => void messages.push(`console.error: ${args.map(String).join(' ')}`);
  console.warn = (...args: unknown[]) => void messages.push(`console.warn: ${args.map(String).join(' ')}`);
});

afterEach(() => {
  const seen = messages;
  messages = [];
  console.error = original.error;
  console.warn = original.warn;
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`Unexpected console output:\n${seen.join('\n')}`);
});
