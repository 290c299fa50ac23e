import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../../../lib/hooks/when-idle';
import type { ModalId, ModalParamsMap } from '../../../lib/modals/modal-ids';
import { ChunkErrorPanel } from '../chunk-error-panel';
import { ErrorBoundary } from '../error-boundary';
import { Spinner } from '../spinner';
import type { ModalSize } from './modal';
import { InitialFocus, ModalTitle } from './modal-context';

// The dialog frame (focus trap, scroll lock, fade) is only needed once something opens, so it
// stays out of the first chunk and is fetched when the browser is idle.
const loadModal = () => import('./modal').then((m) => ({ default: m.Modal }));
const Modal = lazy(loadModal);

export interface ModalBodyProps<K extends ModalId> {
  params: ModalParamsMap[K];
  close: () => void;
}

export interface ModalDefinition<K extends ModalId> {
  /** Usually a React.lazy body, so each modal is its own chunk. */
  Body: ComponentType<ModalBodyProps<K>>;
  size?: ModalSize;
}

/** Which body each modal id shows; null while a later issue has not built it yet. */
export type ModalRegistry = { [K in ModalId]: ModalDefinition<K> | null };

export interface OpenOptions {
  /** Runs once when this modal closes, however it was closed. */
  onClose?: () => void;
}

type OpenArgs<K extends ModalId> = undefined extends ModalParamsMap[K]
  ? [params?: ModalParamsMap[K], options?: OpenOptions]
  : [params: ModalParamsMap[K], options?: OpenOptions];

export interface ModalApi {
  open: <K extends ModalId>(id: K, ...args: OpenArgs<K>) => void;
  close: (id: ModalId) => void;
  closeAll: () => void;
  isOpen: (id: ModalId) => boolean;
}

interface Entry {
  key: number;
  id: ModalId;
  params: unknown;
  open: boolean;
  onClose: (() => void) | undefined;
}

const ModalApiContext = createContext<ModalApi | null>(null);

export function useModal(): ModalApi {
  const api = useContext(ModalApiContext);
  if (!api) throw new Error('useModal must be used inside ModalProvider.');
  return api;
}

/**
 * The modal stack. Each id is open at most once (opening it again is a no-op); a modal opened on
 * top of another stacks above it, and closing it uncovers the one below.
 */
export function ModalProvider({ registry, children }: { registry: ModalRegistry; children: ReactNode }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const nextKey = useRef(1);
  const live = useRef<Entry[]>([]);
  live.current = entries;

  const close = useCallback((id: ModalId) => {
    const entry = live.current.find((e) => e.id === id && e.open);
    if (!entry) return;
    setEntries((list) => list.map((e) => (e.key === entry.key ? { ...e, open: false } : e)));
    entry.onClose?.();
  }, []);

  const open = useCallback(
    (id: ModalId, params?: unknown, options?: OpenOptions) => {
      if (!registry[id]) {
        console.warn(`Modal "${id}" has no body yet.`);
        return;
      }
      if (live.current.some((e) => e.id === id && e.open)) return;
      const entry: Entry = { key: nextKey.current++, id, params, open: true, onClose: options?.onClose };
      live.current = [...live.current, entry];
      setEntries((list) => [...list, entry]);
    },
    [registry],
  ) as ModalApi['open'];

  const api = useMemo<ModalApi>(
    () => ({
      open,
      close,
      closeAll: () => {
        for (const e of [...live.current].reverse()) if (e.open) close(e.id);
      },
      isOpen: (id) => live.current.some((e) => e.id === id && e.open),
    }),
    [open, close],
  );

  useEffect(() => whenIdle(() => void loadModal(), 1500), []);

  const remove = (key: number) => setEntries((list) => list.filter((e) => e.key !== key));

  return (
    <ModalApiContext.Provider value={api}>
      {children}
      {entries.map((entry) => {
        const def = registry[entry.id] as ModalDefinition<ModalId> | null;
        if (!def) return null;
        const { Body } = def;
        const closeThis = () => close(entry.id);
        return (
          <Suspense key={entry.key} fallback={null}>
            <Modal
              open={entry.open}
              onClose={closeThis}
              onExited={() => remove(entry.key)}
              size={def.size}
              dataModal={entry.id}
            >
              <ErrorBoundary fallback={(error) => <ModalFailure error={error} />}>
                <Suspense fallback={<ModalLoading />}>
                  <Body params={entry.params as never} close={closeThis} />
                  <InitialFocus />
                </Suspense>
              </ErrorBoundary>
            </Modal>
          </Suspense>
        );
      })}
    </ModalApiContext.Provider>
  );
}

function ModalLoading() {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
      <ModalTitle className="visually-hidden">{t('common.loading')}</ModalTitle>
      <Spinner label={t('common.loading')} />
    </div>
  );
}

function ModalFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <>
      <ModalTitle className="visually-hidden">{t('errors.chunkTitle')}</ModalTitle>
      <ChunkErrorPanel error={error} />
    </>
  );
}
