/** Spec §9: customer service opens in a 440 x 750 popup window. */
export const CS_POPUP_SIZE = { width: 440, height: 750 } as const;

/**
 * Opens a URL in a centred popup window. Returns false when the browser blocked it, so the
 * caller can ask the visitor to allow popups.
 */
export function openPopup(url: string, size: { width: number; height: number } = CS_POPUP_SIZE): boolean {
  const left = Math.max(0, Math.round((window.screen.width - size.width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - size.height) / 2));
  const features = `width=${size.width},height=${size.height},left=${left},top=${top},noopener=no`;
  const win = window.open(url, '_blank', features);
  if (!win) return false;
  try {
    win.opener = null;
  } catch {
    // Cross-origin windows may refuse; the link is already open.
  }
  return true;
}
