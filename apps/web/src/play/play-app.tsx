/**
 * The game pages' root: the verifier needs no session; a game page starts its play session
 * first, then loads its game (each game is a chunk of its own, so a page loads one game).
 */
import type { Language } from '@aurum/contract';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { PlayProvider } from './frame/play-context';
import { StartScreen } from './frame/start-screen';
import type { PlayPage } from './route';
import { readLaunchParams } from './session/launch';
import { type Engine, type StartedSession, startSession } from './session/start-session';
import { htmlLang, TextsContext, textsFor } from './texts';

const games: Record<Engine, ComponentType> = {
  slot: lazy(() => import('./games/slot/slot-page')),
  baccarat: lazy(() => import('./games/baccarat/baccarat-page')),
  dice: lazy(() => import('./games/dice/dice-page')),
  plinko: lazy(() => import('./games/plinko/plinko-page')),
};
const VerifyPage = lazy(() => import('./verify/verify-page'));

function useLanguage(language: Language) {
  useEffect(() => {
    document.documentElement.lang = htmlLang(language);
  }, [language]);
  return textsFor(language);
}

function GamePage({ engine }: { engine: Engine }) {
  const [started, setStarted] = useState<StartedSession | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const texts = useLanguage(started?.language ?? readLaunchParams(window.location.search).language ?? 'EN');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    let live = true;
    setError(null);
    startSession(engine).then(
      (s) => live && setStarted(s),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [engine, attempt]);
  const Game = games[engine];
  return (
    <TextsContext.Provider value={texts}>
      {started ? (
        <PlayProvider session={started.session}>
          <Suspense fallback={<StartScreen />}>
            <Game />
          </Suspense>
        </PlayProvider>
      ) : (
        <StartScreen error={error} onRetry={() => setAttempt((n) => n + 1)} />
      )}
    </TextsContext.Provider>
  );
}

function Verifier() {
  const texts = useLanguage(readLaunchParams(window.location.search).language ?? 'EN');
  return (
    <TextsContext.Provider value={texts}>
      <Suspense fallback={<StartScreen />}>
        <VerifyPage />
      </Suspense>
    </TextsContext.Provider>
  );
}

export function PlayApp({ page }: { page: PlayPage }) {
  if (page.kind === 'verify') return <Verifier />;
  if (page.kind === 'game') return <GamePage engine={page.engine} />;
  return (
    <TextsContext.Provider value={textsFor(readLaunchParams(window.location.search).language ?? 'EN')}>
      <StartScreen error="unknown-page" />
    </TextsContext.Provider>
  );
}
