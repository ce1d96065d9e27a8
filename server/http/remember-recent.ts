/**
 * A pure function of a string with the answers for recent strings kept. For a session id (its hash,
 * its CSRF token): every request of a returning shopper needs them, and computing them through
 * OpenSSL was a visible part of a request's CPU; the values derive from the id the visitor already
 * holds, so keeping them in memory reveals nothing new. Also Lingui's compiled texts (i18n/catalogs.ts).
 * Bounded; the oldest answer goes first.
 */
export function rememberRecent<T>(compute: (id: string) => T, capacity = 10_000): (id: string) => T {
  const answers = new Map<string, T>();
  return (id) => {
    let answer = answers.get(id);
    if (answer === undefined) {
      answer = compute(id);
      if (answers.size >= capacity) answers.delete(answers.keys().next().value!);
      answers.set(id, answer);
    }
    return answer;
  };
}
