/**
 * Turns a user-supplied return address into a path on this site. Hono's c.redirect() passes
 * "//evil.example", "/\evil.example" and "javascript:" through; browsers treat the first two as
 * other hosts. Only a single leading slash followed by a safe character is accepted.
 */
export function localPath(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith('/') || target.startsWith('//')) return fallback;
  // Control characters and backslashes ("/\\evil.example" too) can be normalised by browsers into a host change.
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  try {
    const url = new URL(target, 'http://local.invalid');
    if (url.origin !== 'http://local.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
