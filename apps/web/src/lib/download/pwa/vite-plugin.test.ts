import { describe, expect, it } from 'vitest';
import { appShell, webManifest } from './vite-plugin';

describe('web app manifest', () => {
  it('names the brand, starts at / standalone, with any and maskable icons', () => {
    const m = webManifest({ name: 'Aurum', theme: { brand: '#10b981' } });
    expect(m).toMatchObject({
      name: 'Aurum',
      short_name: 'Aurum',
      start_url: '/',
      display: 'standalone',
      theme_color: '#10b981',
      background_color: '#080c17',
    });
    expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });
});

describe('app shell', () => {
  it('lists the page, manifest, icons and the site entry with its static imports and styles only', () => {
    const bundle = {
      'assets/index-a.js': {
        type: 'chunk' as const,
        fileName: 'assets/index-a.js',
        isEntry: true,
        facadeModuleId: '/repo/apps/web/index.html',
        imports: ['assets/framework-b.js'],
        viteMetadata: { importedCss: new Set(['assets/index-c.css']) },
      },
      'assets/framework-b.js': { type: 'chunk' as const, fileName: 'assets/framework-b.js', imports: [] },
      'assets/play-d.js': {
        type: 'chunk' as const,
        fileName: 'assets/play-d.js',
        isEntry: true,
        facadeModuleId: '/repo/apps/web/play.html',
      },
      'assets/lazy-e.js': { type: 'chunk' as const, fileName: 'assets/lazy-e.js' },
    };
    const shell = appShell(bundle);
    expect(shell.slice(0, 2)).toEqual(['/', '/manifest.webmanifest']);
    expect(shell).toContain('/media/brand/icon-512.png');
    expect(shell).toContain('/assets/index-a.js');
    expect(shell).toContain('/assets/framework-b.js');
    expect(shell).toContain('/assets/index-c.css');
    expect(shell).not.toContain('/assets/play-d.js');
    expect(shell).not.toContain('/assets/lazy-e.js');
  });
});
