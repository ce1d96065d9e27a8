import type { Problem } from '../lib/api';

export interface WatchRequest {
  product: number;
  email: string;
  available: boolean;
  available_value: string;
  price: boolean;
  price_value: string;
}

export type SaveResult = { ok: true; id: string } | { ok: false; problem: Problem };

/**
 * Saves a watch (POST /api/watchdog). The HTTP client loads on first use, so a product page that
 * never opens the dialog does not download it. Failures resolve with the server's problem.
 */
export async function saveWatch(request: WatchRequest): Promise<SaveResult> {
  const { api, readProblem } = await import('../lib/api');
  try {
    const { id } = await api.post('watchdog', { json: request }).json<{ id: string }>();
    return { ok: true, id };
  } catch (error) {
    return { ok: false, problem: await readProblem(error) };
  }
}
