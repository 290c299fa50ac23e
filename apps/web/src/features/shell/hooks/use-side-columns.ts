import { useMediaQuery } from '../../../lib/hooks/use-media-query';

/**
 * Whether the window is wide enough for the side menu and the right bar (their stylesheets hide
 * both below 1024 px, where the header's drawer carries the same links): narrower, their code is
 * not fetched and nothing renders in them.
 */
export const useSideColumns = (): boolean => useMediaQuery('(min-width: 1024px)');
