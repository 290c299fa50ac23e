// Applies the stored or preferred theme before first paint (lib/theme takes over on start).
// A file, not an inline script, so the site's CSP (script-src 'self') allows it.
(() => {
  let theme = null;
  try {
    theme = localStorage.getItem('theme');
  } catch {
    // Storage disabled: fall back to the system preference.
  }
  if (theme !== 'dark' && theme !== 'light') {
    theme = window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
  }
  document.documentElement.dataset.theme = theme;
})();
