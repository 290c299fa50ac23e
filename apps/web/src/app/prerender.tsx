import type { Brand, SitePermission } from '@aurum/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { type BootData, provideBootData } from '../lib/boot/boot-data';
import { chooseLanguage } from '../lib/i18n/choose-language';
import { applyBrandLanguages, initI18n } from '../lib/i18n/i18n';
import { type CatalogueLanguage, HTML_LANG } from '../lib/i18n/languages';
import { SiteDataProvider } from '../lib/site';
import { AppRoutes } from './router';

/**
 * The home page rendered ahead, on the server (built by `vite build --ssr`, see vite.config.ts):
 * the same components the app renders at `/`, from the boot data the server writes into the page,
 * as static HTML the server puts before the app's root, so the first paint waits for no script.
 * The app renders hidden beside it and takes its place once its own home page is in
 * (`lib/prerender`); what needs data the boot data does not carry shows its loading state.
 */

/** The language the app will choose for a visitor without a stored choice (spec §1). */
export function homeLanguage(brand: Brand, hostname: string, acceptLanguage: string): CatalogueLanguage {
  return chooseLanguage({
    supported: brand.supportLanguages,
    defaultLang: brand.defaultLang,
    forceDefaultLangDomains: brand.forceDefaultLangDomains,
    hostname,
    stored: [],
    deviceLanguages: acceptLanguage
      .split(',')
      .map((part) => part.split(';')[0]?.trim() ?? '')
      .filter(Boolean),
  });
}

export interface PrerenderedHome {
  /** The markup, each `style` attribute replaced by a `data-prerender-style` rule of `css`. */
  html: string;
  /**
   * The page's CSP allows no inline `style` attribute, so the styles the components set inline
   * (custom properties, icon masks…) come as rules of one `<style>` block the server hashes.
   */
  css: string;
  /** `<html lang>` of the language it is in. */
  htmlLang: string;
}

const ATTRIBUTE_ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#x27;': "'",
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
};

/** Moves the style attributes into rules (a declaration that could leave its rule is dropped). */
function outlineStyles(markup: string): { html: string; css: string } {
  const rules = new Map<string, number>();
  const html = markup.replace(/ style="([^"]*)"/g, (_all, value: string) => {
    const declarations = value.replace(/&(?:quot|#x27|lt|gt|amp);/g, (e) => ATTRIBUTE_ENTITIES[e] ?? e);
    if (/[{}<>\\]/.test(declarations)) return '';
    let n = rules.get(declarations);
    if (n === undefined) {
      n = rules.size;
      rules.set(declarations, n);
    }
    return ` data-prerender-style="${n}"`;
  });
  const css = [...rules].map(([d, n]) => `#prerender [data-prerender-style="${n}"]{${d}}`).join('');
  return { html, css };
}

let started: Promise<void> | null = null;
/** One render at a time: the texts (i18next) and the boot data are the app's module-wide ones. */
let queue: Promise<unknown> = Promise.resolve();

export function prerenderHome(
  boot: BootData & { whitelabel: SitePermission },
  lang: CatalogueLanguage,
): Promise<PrerenderedHome> {
  const run = queue.then(() => render(boot, lang));
  queue = run.catch(() => undefined);
  return run;
}

async function render(boot: BootData & { whitelabel: SitePermission }, lang: CatalogueLanguage) {
  started ??= initI18n(lang);
  await started;
  await applyBrandLanguages(boot.whitelabel.info.brand, lang);
  provideBootData(boot);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={queryClient}>
      <SiteDataProvider
        value={{
          permission: boot.whitelabel,
          menus: boot.gameMenus ?? [],
          menusStatus: 'success',
          retryMenus: () => undefined,
        }}
      >
        {/* The home screen is a lazily loaded route: the prerender waits for its chunk, as for
            everything else that suspends. */}
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </SiteDataProvider>
    </QueryClientProvider>,
    // Every boundary in place: no outlined segments, which would need React's inline scripts.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let markup = '';
  for await (const chunk of prelude) markup += String(chunk);
  queryClient.clear();
  // React puts the image preloads it hoists first (there is no <head> here): the server names
  // the one image that matters (the banner) itself, and the <img> tags are in the markup anyway.
  const { html, css } = outlineStyles(markup.replace(/^(?:<link [^>]*\/>)+/, ''));
  return { html, css, htmlLang: HTML_LANG[lang] };
}
