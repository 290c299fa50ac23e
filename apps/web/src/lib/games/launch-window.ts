/**
 * Opens an empty window for a game, synchronously inside the click that asked for it: popup
 * blockers allow a window opened during a user's click, not one opened later when the launch
 * call answers. The launch then points it at the game. Null: the browser blocked it.
 */
export function openGameWindow(url = ''): Window | null {
  const win = window.open(url, '_blank');
  if (!win) return null;
  try {
    // The game must not be able to navigate this page.
    win.opener = null;
  } catch {
    // Some browsers refuse; the window is open either way.
  }
  return win;
}

/** Sends the window opened on the click to the game. */
export function pointWindowAt(win: Window, url: string): void {
  win.location.href = url;
}
