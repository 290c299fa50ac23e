/**
 * Downlines' contact details as every agent view shows them: enough to recognise, never enough
 * to use. A mobile keeps its first 4 and last 3 characters, an e-mail the first 2 of its name and
 * the domain, a name its first character.
 */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  if (mobile.length <= 7) return `${mobile.slice(0, 1)}${'*'.repeat(mobile.length - 1)}`;
  return `${mobile.slice(0, 4)}${'*'.repeat(mobile.length - 7)}${mobile.slice(-3)}`;
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at - 1))}***${email.slice(at)}`;
}

export function maskName(name: string | null): string | null {
  if (!name) return null;
  const chars = [...name.trim()];
  return chars.length ? `${chars[0]}${'*'.repeat(Math.max(2, chars.length - 1))}` : null;
}
