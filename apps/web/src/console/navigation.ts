import { CONSOLE_SECTIONS, type ConsoleSectionId } from '@aurum/contract/console';
import { useEffect, useState } from 'react';

/** The console's pages: its own small router over /console/… paths. */
export type ConsolePage =
  | { kind: 'enrol' }
  | { kind: 'sign-in' }
  /** `player`: the member's page of the players section (/console/players/<account>). */
  | { kind: 'section'; section: SectionId; player?: string };

export const SECTIONS = CONSOLE_SECTIONS.map((s) => s.id);
export type SectionId = ConsoleSectionId;

/** The permission that shows a section. */
export const SECTION_PERMISSION = Object.fromEntries(
  CONSOLE_SECTIONS.map((s) => [s.id, s.permission]),
) as Record<SectionId, string>;

export function pageOf(pathname: string): ConsolePage {
  const rest = pathname.replace(/^\/console\/?/, '').replace(/\/$/, '');
  if (rest === 'enrol') return { kind: 'enrol' };
  if (rest === 'sign-in') return { kind: 'sign-in' };
  const player = /^players\/([^/]+)$/.exec(rest)?.[1];
  if (player) {
    try {
      return { kind: 'section', section: 'players', player: decodeURIComponent(player) };
    } catch {
      return { kind: 'section', section: 'players' };
    }
  }
  const section = (SECTIONS as readonly string[]).includes(rest) ? (rest as SectionId) : 'overview';
  return { kind: 'section', section };
}

export const pathOf = (page: ConsolePage) =>
  page.kind === 'section'
    ? page.section === 'overview'
      ? '/console'
      : page.player
        ? `/console/${page.section}/${encodeURIComponent(page.player)}`
        : `/console/${page.section}`
    : `/console/${page.kind}`;

export function navigate(path: string, replace = false): void {
  if (replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export function usePath(): string {
  const [path, setPath] = useState(window.location.pathname);
  useEffect(() => {
    const on = () => setPath(window.location.pathname);
    window.addEventListener('popstate', on);
    return () => window.removeEventListener('popstate', on);
  }, []);
  return path;
}
