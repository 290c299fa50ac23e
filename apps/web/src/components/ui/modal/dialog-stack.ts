/** Open dialogs, oldest first: only the top one handles Escape and traps focus. */
interface Entry {
  id: string;
  element: HTMLElement;
  /** Where focus goes back to when this dialog closes. */
  opener: HTMLElement | null;
}

const stack: Entry[] = [];

/** The element React renders the app into (index.html). */
const APP_ROOT_ID = 'root';

/** While a dialog is open, the page behind it is inert: unreachable by keyboard, pointer and AT. */
function setBackgroundInert(inert: boolean) {
  const root = document.getElementById(APP_ROOT_ID);
  if (!root) return;
  if (inert) {
    root.setAttribute('inert', '');
    root.setAttribute('aria-hidden', 'true');
  } else {
    root.removeAttribute('inert');
    root.removeAttribute('aria-hidden');
  }
}

export function pushDialog(id: string, element: HTMLElement): () => void {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  // Opened from inside another dialog that is going away (e.g. "log in" inside the game-launch
  // dialog): fall back to that dialog's opener.
  const host = active ? stack.find((e) => e.element.contains(active)) : undefined;
  const entry: Entry = { id, element, opener: active };
  const fallback = host?.opener ?? null;
  stack.push(entry);
  if (stack.length === 1) setBackgroundInert(true);
  return () => {
    const i = stack.indexOf(entry);
    if (i >= 0) stack.splice(i, 1);
    if (stack.length === 0) setBackgroundInert(false);
    const top = stack[stack.length - 1];
    const target = [entry.opener, fallback].find(
      (el) => el?.isConnected && (!top || top.element.contains(el)),
    );
    if (target) target.focus();
    else if (top && !top.element.contains(document.activeElement)) top.element.focus();
  };
}

export const isTopDialog = (id: string) => stack[stack.length - 1]?.id === id;
