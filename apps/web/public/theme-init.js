// Applies the stored or preferred theme before first paint (lib/theme takes over on start), and
// hides the home page the server rendered ahead (<html data-prerender="EN">, in the language a
// visitor without a stored choice gets) when the visitor's stored language is another one.
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
  const root = document.documentElement;
  root.dataset.theme = theme;
  const rendered = root.dataset.prerender;
  if (!rendered) return;
  let lang = null;
  try {
    lang = localStorage.getItem('lang') || localStorage.getItem('hisLang');
  } catch {
    // Storage disabled: no stored choice.
  }
  if (lang && lang.toUpperCase() !== rendered) root.dataset.prerender = 'stale';
})();
