/**
 * Page scroll lock shared by every open modal. The first lock hides the body's overflow and pads
 * it by the scrollbar's width so the page does not jump; only the last unlock restores it.
 */
let count = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

export function lockScroll(): () => void {
  if (count === 0) {
    const { body, documentElement } = document;
    const scrollbar = Math.max(0, window.innerWidth - documentElement.clientWidth);
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    if (scrollbar > 0) {
      const current = Number.parseFloat(window.getComputedStyle(body).paddingRight) || 0;
      body.style.paddingRight = `${current + scrollbar}px`;
    }
    body.style.overflow = 'hidden';
    documentElement.style.setProperty('--scrollbar-compensation', `${scrollbar}px`);
  }
  count += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    count -= 1;
    if (count === 0 && saved) {
      document.body.style.overflow = saved.overflow;
      document.body.style.paddingRight = saved.paddingRight;
      document.documentElement.style.removeProperty('--scrollbar-compensation');
      saved = null;
    }
  };
}

export const scrollLockCount = () => count;
