import type { GameItem, Lane } from '@aurum/contract';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Icon, Img, useModal } from '../../../components/ui';
import { errorCodeOf, errorTextKey } from '../../../lib/api';
import { lanesWithGames, useGameLanes } from '../../../lib/games/api/game-lanes';
import { useGamesTexts } from '../../../lib/games/texts';
import { Paginator } from '../../../lib/paging/paginator';
import { useSession } from '../../../lib/session/session-store';
import { useBrand, useFeature } from '../../../lib/site';
import { useFavourites } from '../api/favourites';
import { useGameList } from '../api/game-list';
import { useRecentGames } from '../api/recent-games';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import {
  LOBBY_TYPES,
  type LobbyFilter,
  type LobbySource,
  lobbyFilters,
  lobbySource,
  matchingName,
} from '../model/lobby';
import { GameGrid } from './game-grid';
import styles from './lobby.module.css';

/** The name search asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The slots lobby (spec §2 /rng; /inHouse shows the same lobby on its own vendor): a lane
 * (vendor) selector from the game lanes, the spec's filters, a debounced name search, the game
 * grid with skeletons and paging. The choices stay in the page, not the address: a change of
 * the full route re-renders the page (spec §2). Visitors asking for recent games or favourites
 * are asked to log in.
 */
export function Lobby({ preferredVendors = [] }: { preferredVendors?: readonly string[] }) {
  const { t } = useGamesTexts();
  const headingId = useId();
  const brand = useBrand();
  const recentOn = useFeature('GAMELOREC3');
  const favouritesOn = useFeature('GAMELOFAV3');
  const filters = useMemo(
    () =>
      lobbyFilters({ supportLanguages: brand.supportLanguages, recent: recentOn, favourites: favouritesOn }),
    [brand.supportLanguages, recentOn, favouritesOn],
  );
  const lanesQuery = useGameLanes();
  const lanes = useMemo(() => lanesWithGames(lanesQuery.data, LOBBY_TYPES), [lanesQuery.data]);
  const [vendor, setVendor] = useState<string | null>(null);
  const [filter, setFilter] = useState<LobbyFilter>('all');
  const [page, setPage] = useState(1);
  const lane =
    lanes.find((l) => l.vassalage === vendor) ??
    lanes.find((l) => preferredVendors.includes(l.vassalage)) ??
    lanes[0];

  // The box answers every key; the search itself follows once typing pauses.
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const settled = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    setName(settled);
    setPage(1);
  }, [settled]);

  return (
    <section className={styles.lobby} aria-labelledby={headingId} data-lobby="true">
      <h2 id={headingId} className={styles.heading}>
        {t('lobby.title')}
      </h2>
      {lanesQuery.isPending ? (
        <GameGrid games={undefined} label={t('lobby.title')} empty={null} />
      ) : lanesQuery.isError ? (
        <LoadFailure error={lanesQuery.error} onRetry={() => void lanesQuery.refetch()} />
      ) : !lane ? (
        <EmptyState
          headingLevel={3}
          icon="grid"
          title={t('lobby.noGamesTitle')}
          text={t('lobby.noGamesText')}
        />
      ) : (
        <>
          <LanePicker
            lanes={lanes}
            value={lane}
            onChange={(v) => {
              setVendor(v);
              setPage(1);
            }}
          />
          <div className={styles.toolbar}>
            <fieldset className={styles.filters}>
              <legend className="visually-hidden">{t('lobby.filters')}</legend>
              {filters.map((f) => (
                <button
                  key={f}
                  type="button"
                  className={styles.chip}
                  aria-pressed={f === filter}
                  onClick={() => {
                    setFilter(f);
                    setPage(1);
                  }}
                  data-filter={f}
                >
                  {t(`filters.${f}`)}
                </button>
              ))}
            </fieldset>
            <SearchBox value={search} onChange={setSearch} />
          </div>
          <LobbyResults
            source={lobbySource(filter, lane, name, page)}
            filter={filter}
            lane={lane}
            name={name}
            onPage={setPage}
            onShowAll={() => {
              setSearch('');
              setName('');
              setFilter('all');
              setPage(1);
            }}
          />
        </>
      )}
    </section>
  );
}

function LanePicker({
  lanes,
  value,
  onChange,
}: {
  lanes: Lane[];
  value: Lane;
  onChange: (v: string) => void;
}) {
  const { t } = useGamesTexts();
  return (
    <fieldset className={styles.lanes}>
      <legend className="visually-hidden">{t('lobby.vendors')}</legend>
      {lanes.map((l) => (
        <button
          key={l.vassalage}
          type="button"
          className={styles.lane}
          aria-pressed={l.vassalage === value.vassalage}
          onClick={() => onChange(l.vassalage)}
          data-lane={l.vassalage}
        >
          <Img src={l.icon} alt="" ratio={16 / 9} fit="contain" className={styles.laneIcon} lazy={false} />
          <span className={styles.laneName}>{l.vendorName}</span>
          <span className={styles.laneCount}>{t('lobby.gameCount', { count: l.total })}</span>
        </button>
      ))}
    </fieldset>
  );
}

function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useGamesTexts();
  const id = useId();
  return (
    <div className={styles.search}>
      <label htmlFor={id} className="visually-hidden">
        {t('lobby.search')}
      </label>
      <SearchGlyph />
      <input
        id={id}
        type="search"
        name="q"
        className={styles.searchInput}
        placeholder={t('lobby.searchPlaceholder')}
        value={value}
        maxLength={40}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

const SearchGlyph = () => (
  <Icon path="M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4" size={18} className={styles.searchIcon} />
);

interface ResultsProps {
  source: LobbySource;
  filter: LobbyFilter;
  lane: Lane;
  name: string;
  onPage: (page: number) => void;
  onShowAll: () => void;
}

/** The games of the chosen source, or what to do when there are none. */
function LobbyResults({ source, filter, lane, name, onPage, onShowAll }: ResultsProps) {
  const { t } = useGamesTexts();
  const { token } = useSession();
  const list = useGameList(source.kind === 'list' ? source.query : null);
  const recent = useRecentGames(source.kind === 'recent');
  const favourites = useFavourites(source.kind === 'favourites' && token ? source.page : null);

  if (source.kind !== 'list' && !token) return <LoginPrompt filter={source.kind} />;

  const current = source.kind === 'list' ? list : source.kind === 'recent' ? recent : favourites;
  if (current.isError) return <LoadFailure error={current.error} onRetry={() => void current.refetch()} />;

  let games: GameItem[] | undefined;
  let paging: { page: number; totalPages: number } | null = null;
  if (source.kind === 'list' && list.data) {
    games = list.data.content;
    paging = { page: list.data.pageNum, totalPages: list.data.totalPages };
  } else if (source.kind === 'recent' && recent.data) {
    games = matchingName(recent.data.list, name);
  } else if (source.kind === 'favourites' && favourites.data) {
    games = matchingName(favourites.data.content, name);
    paging = { page: favourites.data.pageNum, totalPages: favourites.data.totalPages };
  }

  // An empty list of the previous choice says nothing about the next one: skeletons meanwhile.
  if (current.isPlaceholderData && games?.length === 0) games = undefined;

  return (
    <div className={styles.results}>
      <GameGrid
        games={games}
        stale={current.isPlaceholderData}
        label={
          // The member's own lists span every vendor.
          source.kind === 'list'
            ? t('lobby.results', { filter: t(`filters.${filter}`), vendor: lane.vendorName })
            : t(`filters.${filter}`)
        }
        empty={<EmptyResults filter={filter} lane={lane} name={name} onShowAll={onShowAll} />}
      />
      {paging ? (
        <Paginator
          page={paging.page}
          totalPages={paging.totalPages}
          onChange={onPage}
          label={t('lobby.pages')}
        />
      ) : null}
    </div>
  );
}

function LoginPrompt({ filter }: { filter: 'recent' | 'favourites' }) {
  const { t } = useGamesTexts();
  const { t: tc } = useTranslation();
  const modal = useModal();
  return (
    <EmptyState
      headingLevel={3}
      icon={filter === 'recent' ? 'refresh' : 'star'}
      title={t(filter === 'recent' ? 'lobby.recentLoginTitle' : 'lobby.favouritesLoginTitle')}
      text={t(filter === 'recent' ? 'lobby.recentLoginText' : 'lobby.favouritesLoginText')}
      action={<Button onClick={() => modal.open('login')}>{tc('common.logIn')}</Button>}
    />
  );
}

function EmptyResults({
  filter,
  lane,
  name,
  onShowAll,
}: {
  filter: LobbyFilter;
  lane: Lane;
  name: string;
  onShowAll: () => void;
}) {
  const { t } = useGamesTexts();
  const showAll: ReactNode = (
    <Button variant="secondary" onClick={onShowAll} data-action="show-all">
      {t('lobby.showAll')}
    </Button>
  );
  if (name) {
    return (
      <EmptyState
        headingLevel={3}
        icon="grid"
        title={t('lobby.noMatchTitle', { name })}
        text={t('lobby.noMatchText')}
        action={showAll}
      />
    );
  }
  if (filter === 'recent') {
    return (
      <EmptyState
        headingLevel={3}
        icon="refresh"
        title={t('lobby.recentEmptyTitle')}
        text={t('lobby.recentEmptyText')}
      />
    );
  }
  if (filter === 'favourites') {
    return (
      <EmptyState
        headingLevel={3}
        icon="star"
        title={t('lobby.favouritesEmptyTitle')}
        text={t('lobby.favouritesEmptyText')}
      />
    );
  }
  if (filter === 'all') {
    return (
      <EmptyState
        headingLevel={3}
        icon="grid"
        title={t('vendorGames.emptyTitle', { vendor: lane.vendorName })}
        text={t('lobby.filterEmptyText')}
      />
    );
  }
  return (
    <EmptyState
      headingLevel={3}
      icon="grid"
      title={t('lobby.filterEmptyTitle', { filter: t(`filters.${filter}`), vendor: lane.vendorName })}
      text={t('lobby.filterEmptyText')}
      action={showAll}
    />
  );
}

/** A read that failed: the reason in the visitor's language and a retry. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useGamesTexts();
  const { t: tc } = useTranslation();
  return (
    <EmptyState
      headingLevel={3}
      icon="alert"
      title={t('lobby.loadFailed')}
      text={tc(errorTextKey(errorCodeOf(error)))}
      action={
        <Button variant="secondary" onClick={onRetry}>
          <Icon name="refresh" size={18} />
          {tc('common.retry')}
        </Button>
      }
    />
  );
}
