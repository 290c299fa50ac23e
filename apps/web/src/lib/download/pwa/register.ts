/**
 * Registers the service worker (/sw.js) in production builds, once the page has loaded so it never
 * competes with the first render. Development has no worker (Vite serves modules directly).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (private mode, blocked by policy): the site works as before, just not offline.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
