import ky, { HTTPError, type KyInstance } from 'ky';
import { getDefaults } from './defaults';
import { i18n, loadMessages } from './i18n';
import { progressEnd, progressStart } from './progress';

/** The server's `application/problem+json` body, with what a form needs to show next to its fields. */
export interface Problem {
  status: number;
  title: string;
  detail: string;
  errors: Record<string, string>;
}

const problems = new WeakMap<object, Promise<Problem>>();

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

async function connectionProblem(): Promise<Problem> {
  await loadMessages();
  return { status: 0, title: '', detail: i18n._('Spojenie so serverom zlyhalo. Skúste to znova.'), errors: {} };
}

async function parseProblem(response: Response): Promise<Problem> {
  const fallback: Problem = { status: response.status, title: response.statusText, detail: response.statusText, errors: {} };
  try {
    const body = (await response.clone().json()) as Partial<Problem> | null;
    if (!body || typeof body !== 'object') return fallback;
    const errors = body.errors && typeof body.errors === 'object' ? body.errors : {};
    const title = typeof body.title === 'string' ? body.title : fallback.title;
    return { status: response.status, title, detail: typeof body.detail === 'string' ? body.detail : title, errors };
  } catch {
    return fallback;
  }
}

/** `{ detail, errors }` of any rejection from `api`: the server's words, or a connection message. */
export function readProblem(error: unknown): Promise<Problem> {
  if (error instanceof HTTPError) {
    let problem = problems.get(error);
    if (!problem) {
      problem = parseProblem(error.response);
      problems.set(error, problem);
    }
    return problem;
  }
  return connectionProblem();
}

function createApi(): KyInstance {
  const { api } = getDefaults();
  return ky.create({
    prefixUrl: api.prefix,
    credentials: api.credentials,
    // afterResponse never runs when fetch itself rejects (offline, aborted): end the bar here too.
    fetch: (input, init) =>
      globalThis.fetch(input, init).catch((error: unknown) => {
        progressEnd(isAbort(error));
        throw error;
      }),
    hooks: {
      beforeRequest: [
        (request) => {
          const { csrf } = getDefaults();
          if (csrf) request.headers.set('x-csrf-token', csrf);
          progressStart();
        },
      ],
      afterResponse: [(_request, _options, response) => progressEnd(response.ok)],
      beforeError: [
        (error) => {
          // Read the body once, before anyone consumes it, so readProblem() always has it.
          void readProblem(error);
          return error;
        },
      ],
    },
  });
}

/** The one HTTP client: `/api` prefix, CSRF header, progress bar, rejects on error statuses. */
export const api: KyInstance = createApi();
export { HTTPError };
