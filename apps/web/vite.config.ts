/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pwa } from './src/lib/download/pwa/vite-plugin.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const contractEntry = `${repoRoot}packages/contract/src/index.ts`;
const paletteModule = fileURLToPath(new URL('./src/lib/theme/palette.ts', import.meta.url));
const API_ORIGIN = 'http://localhost:8080';

interface BuildBrand {
  merchant: string;
  name: string;
  defaultLang: string;
  supportLanguages: string[];
  forceDefaultLangDomains: string[];
  theme: { brand: string; highlight: string };
  logo: string;
  mark: string;
}

/** The merchant is fixed at build time (ARCHITECTURE: "The web build is fixed to one merchant"). */
function readBuildBrand(): BuildBrand {
  const raw = JSON.parse(readFileSync(`${repoRoot}config/brand.json`, 'utf8')) as BuildBrand;
  return {
    merchant: raw.merchant,
    name: raw.name,
    defaultLang: raw.defaultLang,
    supportLanguages: raw.supportLanguages,
    forceDefaultLangDomains: raw.forceDefaultLangDomains,
    theme: raw.theme,
    logo: raw.logo,
    mark: raw.mark,
  };
}

const CONTRACT_ID = 'virtual:contract';
/** The in-house game API's values, for the game pages only (so the site's module stays as it is). */
const PLAY_CONTRACT_ID = 'virtual:play-contract';

/**
 * The contract's route table and constants live next to its zod schemas; importing them from the
 * package would ship every schema (~30 KB gzipped) to the browser. So the values the browser
 * needs (each route's method, path and flags, and a few constant lists) are extracted here, in
 * Node, from the same contract the server uses, and served as the module `virtual:contract`.
 */
function contractValues(): Plugin {
  return {
    name: 'aurum:contract',
    resolveId(id) {
      return id === CONTRACT_ID || id === PLAY_CONTRACT_ID ? `\0${id}` : null;
    },
    async load(id) {
      if (id === `\0${PLAY_CONTRACT_ID}`) return playContractValues(this);
      if (id !== `\0${CONTRACT_ID}`) return null;
      for (const file of [
        'routes.ts',
        'schemas/brand.ts',
        'schemas/content.ts',
        'schemas/games.ts',
        'schemas/system.ts',
        'schemas/wallet.ts',
      ]) {
        this.addWatchFile(`${repoRoot}packages/contract/src/${file}`);
      }
      const { tsImport } = await import('tsx/esm/api');
      const contract = (await tsImport(contractEntry, import.meta.url)) as {
        routes: Record<
          string,
          { method: string; path: string; auth: string; encrypted: boolean; feature: string | null }
        >;
        GAME_TYPES: readonly string[];
        GAME_CLASSIFY: readonly string[];
        SYSTEM_STATUS: Record<string, number>;
        TX_TYPE: Record<string, number>;
        ACCOUNT_TYPE: Record<string, number>;
        BANNER_GROUPS: readonly string[];
      };
      const table = Object.fromEntries(
        Object.entries(contract.routes).map(([name, r]) => [
          name,
          { method: r.method, path: r.path, auth: r.auth, encrypted: r.encrypted, feature: r.feature },
        ]),
      );
      return [
        `export const routeTable = ${JSON.stringify(table)};`,
        `export const GAME_TYPES = ${JSON.stringify(contract.GAME_TYPES)};`,
        `export const GAME_CLASSIFY = ${JSON.stringify(contract.GAME_CLASSIFY)};`,
        `export const SYSTEM_STATUS = ${JSON.stringify(contract.SYSTEM_STATUS)};`,
        `export const TX_TYPE = ${JSON.stringify(contract.TX_TYPE)};`,
        `export const ACCOUNT_TYPE = ${JSON.stringify(contract.ACCOUNT_TYPE)};`,
        `export const BANNER_GROUPS = ${JSON.stringify(contract.BANNER_GROUPS)};`,
      ].join('\n');
    },
  };
}

/** `virtual:play-contract`: the play API's route table and constant lists, from the same contract. */
async function playContractValues(ctx: { addWatchFile(file: string): void }): Promise<string> {
  ctx.addWatchFile(`${repoRoot}packages/contract/src/schemas/play.ts`);
  const { tsImport } = await import('tsx/esm/api');
  const play = (await tsImport(`${repoRoot}packages/contract/src/schemas/play.ts`, import.meta.url)) as {
    playRoutes: Record<string, { method: string; path: string; auth: string }>;
    PLAY_SESSION_HEADER: string;
    BACCARAT_BETS: readonly string[];
    PLINKO_ROWS: readonly number[];
    PLINKO_RISKS: readonly string[];
  };
  const table = Object.fromEntries(
    Object.entries(play.playRoutes).map(([name, r]) => [
      name,
      { method: r.method, path: r.path, auth: r.auth },
    ]),
  );
  return [
    `export const playRouteTable = ${JSON.stringify(table)};`,
    `export const PLAY_SESSION_HEADER = ${JSON.stringify(play.PLAY_SESSION_HEADER)};`,
    `export const BACCARAT_BETS = ${JSON.stringify(play.BACCARAT_BETS)};`,
    `export const PLINKO_ROWS = ${JSON.stringify(play.PLINKO_ROWS)};`,
    `export const PLINKO_RISKS = ${JSON.stringify(play.PLINKO_RISKS)};`,
  ].join('\n');
}

/**
 * Brands the static page before any script runs: title, theme colour, loader logo, and both
 * themes' tokens derived from the build's brand colours (the same code derives them at run time
 * when a merchant's live colours differ).
 */
function brandHtml(brand: BuildBrand): Plugin {
  return {
    name: 'aurum:brand-html',
    async transformIndexHtml(html) {
      const { tsImport } = await import('tsx/esm/api');
      const palette = (await tsImport(paletteModule, import.meta.url)) as {
        paletteCss: (c: BuildBrand['theme']) => string;
      };
      const tokens = `<style id="brand-theme-tokens">${palette.paletteCss(brand.theme)}</style>`;
      return html
        .replace('</head>', `    ${tokens}\n  </head>`)
        .replaceAll('%BRAND_NAME%', brand.name)
        .replaceAll('%BRAND_LOGO%', brand.logo)
        .replaceAll('%BRAND_MARK%', brand.mark)
        .replaceAll('%BRAND_COLOUR%', brand.theme.brand)
        .replaceAll('%BRAND_HIGHLIGHT%', brand.theme.highlight);
    },
  };
}

/**
 * The game pages (play.html) share the site's chunks (framework, base) but nothing else, so the
 * site's own entry is built exactly as it is without them. Vite would add its modulepreload
 * polyfill to both entries, making it a shared chunk the site then loads separately; the game
 * pages do without it (browsers without native modulepreload still load every chunk, just
 * without preloading).
 */
function playEntry(): Plugin {
  return {
    name: 'aurum:play-entry',
    enforce: 'post',
    transform(code, id) {
      if (!id.endsWith('/play.html') && !id.endsWith('/console.html')) return null;
      return { code: code.replace(/^import "vite\/modulepreload-polyfill";\n/m, ''), map: null };
    },
  };
}

/**
 * `vite build --ssr src/app/prerender.tsx`: the home page rendered ahead by the API server
 * (`dist-ssr/prerender.js`, outside the served `dist`). Node resolves React and the other
 * packages from node_modules, so the page and the app share one React.
 */
const prerenderBuild = {
  outDir: 'dist-ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  sourcemap: false,
  rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
};

const brand = readBuildBrand();
const proxied = ['/wps', '/lgw', '/media', '/play', '/health'];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), contractValues(), brandHtml(brand), playEntry(), ...(isSsrBuild ? [] : [pwa(brand)])],
  define: {
    __MERCHANT__: JSON.stringify(brand.merchant),
    __BUILD_BRAND__: JSON.stringify(brand),
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: API_ORIGIN, changeOrigin: false }])),
      '/ws': { target: API_ORIGIN, ws: true },
    },
  },
  preview: {
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: API_ORIGIN, changeOrigin: false }])),
      '/ws': { target: API_ORIGIN, ws: true },
    },
  },
  build: isSsrBuild
    ? prerenderBuild
    : {
        sourcemap: true,
        rolldownOptions: {
          // Three pages: the site, the in-house vendor's game pages under /play/ (src/play), and the
          // operator console under /console (src/console).
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            play: fileURLToPath(new URL('./play.html', import.meta.url)),
            // The operator console (src/console): its own page, never in the site's chunks.
            console: fileURLToPath(new URL('./console.html', import.meta.url)),
          },
          // lib/contract.ts imports the contract's schema-free modules; features.ts still builds one
          // zod schema at module level, which this lets the bundler drop.
          treeshake: { manualPureFunctions: ['z'] },
          output: {
            // The framework every screen needs (React, router, query, i18n) in one cacheable chunk;
            // app code is then split by where it is used, so lazily used parts stay out of the
            // first load.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|use-sync-external-store)[\\/]/,
                  priority: 2,
                },
                {
                  // The shared base layer (ui kit and lib) in one chunk rather than a dozen tiny ones;
                  // the parts only needed on demand (the form kit, dialog frame, palette maths, JWE, error texts,
                  // other catalogues, the accounts, agent, content, download, lottery, loyalty, points, money, promotions, support, paging and real-time layers, the games
                  // layer beyond the header's categories) stay out of it, and so out of the first load.
                  name: 'base',
                  test: /src[\\/](?:components[\\/]ui|lib)[\\/](?!form[\\/]|account[\\/]|agent[\\/]|content[\\/]|download[\\/]|lottery[\\/]|loyalty[\\/]|points[\\/]|missions[\\/]|referral[\\/]|rewards[\\/]|articles[\\/]|statement[\\/]|money[\\/]|promotions[\\/]|support[\\/]|paging[\\/]|games[\\/](?!categories\.|index\.)|realtime[\\/]|theme[\\/](?:palette|colour|brand-colours)\.|modal[\\/](?:modal|dialog-stack|scroll-lock|focus)\.|api[\\/](?:jwe|error-messages)\.|format[\\/]date\.|i18n[\\/]locales[\\/](?!en\.))/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
}));
