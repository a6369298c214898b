/** Just enough cookie handling for the session cookies (RFC 6265): parse a Cookie header, write Set-Cookie. */

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (!cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

export interface CookieOptions {
  /** Seconds; absent: a browser-session cookie ("Se souvenir de moi" unchecked). 0 deletes it. */
  maxAge?: number;
  secure: boolean;
}

/** HttpOnly (no script reads it), SameSite=Strict (no cross-site request carries it), whole-site path. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Strict'];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
