import { describe, expect, it } from 'vitest';
import { GAME_CLASSIFY } from '../../../lib/contract';
import { gameItem, lane } from '../../../lib/games/testing';
import { CLASSIFY_FILTERS, lobbyFilters, lobbySource, matchingName } from './lobby';

describe('lobby filters', () => {
  it('cover every classify type of the contract, in the spec order', () => {
    expect([...CLASSIFY_FILTERS].sort()).toEqual([...GAME_CLASSIFY].sort());
    expect(CLASSIFY_FILTERS).toEqual(['JP', 'SLOT', 'SC', 'VP', 'TG', 'AC', 'BG', 'FISH']);
  });

  it('offer bingo only when TY is a supported language, recent and favourites only when on', () => {
    const base = { supportLanguages: ['EN', 'CN'] as const, recent: true, favourites: true };
    expect(lobbyFilters(base)).toEqual([
      'all',
      'recent',
      'favourites',
      'hot',
      'JP',
      'SLOT',
      'SC',
      'VP',
      'TG',
      'AC',
      'FISH',
    ]);
    expect(lobbyFilters({ ...base, supportLanguages: ['EN', 'TY'] })).toContain('BG');
    const off = lobbyFilters({ ...base, recent: false, favourites: false });
    expect(off).not.toContain('recent');
    expect(off).not.toContain('favourites');
    expect(off[1]).toBe('hot');
  });

  it('turn a filter into its call', () => {
    const l = lane();
    expect(lobbySource('all', l, '', 1)).toEqual({
      kind: 'list',
      query: { vassalage: 'AURX', gameType: 'INHOUSE', page: 1 },
    });
    expect(lobbySource('hot', l, ' gold ', 2)).toEqual({
      kind: 'list',
      query: { vassalage: 'AURX', gameType: 'INHOUSE', tag: 'hot', name: 'gold', page: 2 },
    });
    expect(lobbySource('SLOT', l, '', 1)).toMatchObject({ query: { classify: 'SLOT' } });
    expect(lobbySource('recent', l, 'x', 3)).toEqual({ kind: 'recent' });
    expect(lobbySource('favourites', l, 'x', 3)).toEqual({ kind: 'favourites', page: 3 });
  });

  it('narrow the member lists by name, ignoring case', () => {
    const games = [gameItem(), gameItem({ gameCode: 'dice', name: 'Aurum Dice' })];
    expect(matchingName(games, ' DICE').map((g) => g.gameCode)).toEqual(['dice']);
    expect(matchingName(games, '')).toHaveLength(2);
  });
});
