/**
 * A pure function of a session id (its hash, its CSRF token) with the answers for recent ids kept:
 * every request of a returning shopper needs them, and computing them through OpenSSL was a visible
 * part of a request's CPU. Bounded; the oldest answer goes first. The values derive from the id the
 * visitor already holds, so keeping them in memory reveals nothing new.
 */
export function rememberRecent(compute: (id: string) => string, capacity = 10_000): (id: string) => string {
  const answers = new Map<string, string>();
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
