import { describe, expect, it } from 'vitest';
import { contentCli, linkOf } from './content-cli.ts';

const fail = (message: string): never => {
  throw new Error(message);
};

describe('the content command line', () => {
  it('makes links of --link', () => {
    expect(linkOf('/promotions')).toEqual({ linkageType: 'INTERNAL', target: '/promotions' });
    expect(linkOf('https://x.example/a')).toEqual({ linkageType: 'EXTERNAL', target: 'https://x.example/a' });
    expect(linkOf('game:aurx/dynasty')).toEqual({
      linkageType: 'GAME',
      vassalage: 'AURX',
      gameCode: 'dynasty',
    });
    expect(linkOf('promotion:welcome-bonus')).toEqual({ linkageType: 'PROMOTION', target: 'welcome-bonus' });
    expect(linkOf('none')).toEqual({ linkageType: 'NONE' });
    expect(linkOf(undefined)).toBeUndefined();
  });

  it('shapes a banner with EN and CN texts, and an order', () => {
    expect(
      contentCli(
        ['content', 'banner', 'w_home', 'spring'],
        { image: '/media/banners/live.svg', title: 'Spring', 'title-cn': '春', link: '/live', position: '0' },
        fail,
      ),
    ).toEqual({
      command: 'content',
      action: 'banner',
      group: 'w_home',
      id: 'spring',
      image: '/media/banners/live.svg',
      title: { EN: 'Spring', CN: '春' },
      text: undefined,
      cta: undefined,
      link: { linkageType: 'INTERNAL', target: '/live' },
      startTime: undefined,
      endTime: undefined,
      position: 0,
    });
    expect(contentCli(['content', 'banner-order', 'w_home', 'a, b,c'], {}, fail)).toEqual({
      command: 'content',
      action: 'banner-order',
      group: 'w_home',
      ids: ['a', 'b', 'c'],
    });
    expect(() => contentCli(['content', 'banner', 'w_home', 'x'], {}, fail)).toThrow(/--image/);
    expect(() => contentCli(['content', 'page', 'sponsor', 'two'], {}, fail)).toThrow(/--index/);
    expect(() => contentCli(['content', 'frobnicate'], {}, fail)).toThrow(/content takes/);
  });

  it('keeps an EN-only notice a plain text, and makes one text per language with CN', () => {
    expect(contentCli(['content', 'notice', 'n1'], { title: 'Tonight', text: 'Open' }, fail)).toEqual({
      command: 'content',
      action: 'notice',
      id: 'n1',
      title: 'Tonight',
      text: 'Open',
    });
    expect(
      contentCli(
        ['content', 'announce', 'a1', 'PU', 'B'],
        { title: 'Hi', 'title-cn': '你好', text: '<p>x</p>' },
        fail,
      ),
    ).toEqual({
      command: 'content',
      action: 'announce',
      id: 'a1',
      type: 'PU',
      execution: 'B',
      title: { EN: 'Hi', CN: '你好' },
      text: { EN: '<p>x</p>' },
    });
    expect(contentCli(['content', 'banner-remove', 'promotions', 's1'], {}, fail)).toEqual({
      command: 'content',
      action: 'banner-remove',
      group: 'promotions',
      id: 's1',
    });
    expect(contentCli(['content', 'export'], {}, fail)).toEqual({ command: 'content', action: 'export' });
    expect(contentCli(['content', 'page', 'sponsor', '1'], { title: 'T', text: 'X' }, fail)).toMatchObject({
      action: 'page',
      page: 'sponsor',
      index: 1,
      title: { EN: 'T' },
    });
  });
});
