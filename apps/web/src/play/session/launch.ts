/**
 * What the game URL carries: `/play/<engine>?token=…&lang=…` (the launch API's game_url). The
 * token is single-use, so it is read once and taken out of the address straight away; the
 * language stays, so a reload keeps it.
 */
import type { Language } from '@aurum/contract';
import { isLanguage } from '../../lib/contract';

export interface LaunchParams {
  token: string | null;
  language: Language | null;
}

/** `lang` as game_url writes it (en, cn…), or the spec's `Language` (EN, CN…). */
export function readLaunchParams(search: string): LaunchParams {
  const query = new URLSearchParams(search);
  const token = query.get('token');
  const raw = (query.get('lang') ?? query.get('Language') ?? query.get('language') ?? '').toUpperCase();
  return { token: token || null, language: isLanguage(raw) ? raw : null };
}

/** The address without its token, for history.replaceState. */
export function withoutToken(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('token');
  return `${url.pathname}${url.search}${url.hash}`;
}
