/// <reference types="node" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export interface PwaBrand {
  name: string;
  theme: { brand: string };
}

/** The dark theme's page colour (tokens.css --surface-0), the splash screen behind the icon. */
export const PWA_BACKGROUND = '#080c17';

/** The icons, generated once from config/media/brand/mark.svg and served from /media/brand/. */
export const PWA_ICONS = [
  { src: '/media/brand/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/media/brand/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/media/brand/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** The web app manifest (served as /manifest.webmanifest). */
export function webManifest(brand: PwaBrand) {
  return {
    id: '/',
    name: brand.name,
    short_name: brand.name,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.theme.brand,
    background_color: PWA_BACKGROUND,
    icons: PWA_ICONS,
  };
}

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The app shell a fresh offline start needs: the page, the site entry's script with the chunks it
 * imports statically and their styles, the manifest and the icons. Lazily loaded screens are
 * cached the first time they load (hashed /assets/* are cache-first).
 */
export function appShell(bundle: Record<string, ChunkLike>): string[] {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (!chunk || files.has(name)) return;
    files.add(name);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const entry = Object.values(bundle).find(
    (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId?.endsWith('/index.html'),
  );
  if (entry) visit(entry.fileName);
  return [
    '/',
    '/manifest.webmanifest',
    ...PWA_ICONS.map((i) => i.src),
    ...[...files].sort().map((f) => `/${f}`),
  ];
}

/**
 * Emits /manifest.webmanifest and /sw.js into the production build. The worker's cache is named
 * after a hash of the build's files, so each new build installs a fresh cache and drops the old.
 */
export function pwa(brand: PwaBrand): Plugin {
  const template = fileURLToPath(new URL('./service-worker.js', import.meta.url));
  return {
    name: 'aurum:pwa',
    apply: 'build',
    generateBundle(_options, bundle) {
      const shell = appShell(bundle as unknown as Record<string, ChunkLike>);
      const version = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .digest('hex')
        .slice(0, 12);
      const source = readFileSync(template, 'utf8')
        .replace("'__SW_VERSION__'", JSON.stringify(version))
        .replace('__SW_SHELL__', JSON.stringify(shell));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: `${JSON.stringify(webManifest(brand), null, 2)}\n`,
      });
    },
  };
}
