import type { Logger } from './env';

/** Plain stderr/stdout logging; request ids tie a 500 page to its log line. */
export function createLogger(level: 'silent' | 'error' | 'info'): Logger {
  return {
    error: (message, detail) => {
      if (level !== 'silent') console.error(message, detail instanceof Error ? detail.stack : (detail ?? ''));
    },
    info: (message) => {
      if (level === 'info') console.log(message);
    },
  };
}
