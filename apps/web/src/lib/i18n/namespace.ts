import type { CustomTypeOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18next } from './i18n';

type Loaders = Record<string, () => Promise<unknown>>;
/** Namespaces are declared in i18next.d.ts, so `t` knows their keys. */
type Namespace = keyof CustomTypeOptions['resources'];

/**
 * A text namespace of its own, shipped with the lazily loaded chunks that use it rather than the
 * first load: EN comes with the module that defines it, the other catalogues load when their
 * language is in use (the calling component suspends meanwhile). `catalogues` is the caller's
 * `import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' })` (or of a
 * folder of its own under locales, when one module defines two namespaces): a catalogue is found by
 * its file name, `<code>.json`.
 */
export function defineNamespace<NS extends Namespace>(ns: NS, en: object, catalogues: Loaders) {
  i18next.addResourceBundle('en', ns, en, true, false);
  const pending = new Map<string, Promise<void>>();
  const loaders = new Map(
    Object.entries(catalogues).map(([path, loader]) => [path.slice(path.lastIndexOf('/') + 1), loader]),
  );

  /** Loads the catalogue of a language; null when it is already there (or unknown). */
  function load(code: string): Promise<void> | null {
    if (i18next.hasResourceBundle(code, ns)) return null;
    const loader = loaders.get(`${code}.json`);
    if (!loader) return null;
    let promise = pending.get(code);
    if (!promise) {
      promise = loader().then((bundle) => {
        i18next.addResourceBundle(code, ns, bundle as object, true, false);
      });
      pending.set(code, promise);
    }
    return promise;
  }

  /**
   * `t` for the namespace, once the current language's catalogue is in. While it loads the
   * component suspends by throwing the load's promise, not with `use`: React replays a render
   * suspended by `use` when the promise settles at once (a cached chunk), and that replay would
   * skip the `use` call (the catalogue is in by then) and misalign the hooks (React #467); a thrown
   * promise makes React render the component afresh instead.
   */
  function useTexts() {
    const result = useTranslation<NS>(ns);
    const waiting = load(result.i18n.language);
    if (waiting) throw waiting;
    return result;
  }

  return { ns, load, useTexts };
}
