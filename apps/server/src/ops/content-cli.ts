/**
 * `npm run ops -- content …`: the words and options of the command line made into the content
 * command's arguments. The server checks every value (one set of rules for every caller); this
 * only shapes them: EN and CN texts into one localized text, `--link` into a link.
 */

export interface ContentCliOptions {
  title?: string | undefined;
  'title-cn'?: string | undefined;
  text?: string | undefined;
  'text-cn'?: string | undefined;
  cta?: string | undefined;
  'cta-cn'?: string | undefined;
  image?: string | undefined;
  link?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
  position?: string | undefined;
  category?: string | undefined;
}

export const CONTENT_USAGE = `  content list                           the stored marquee notices and announcements
  content export                         everything stored, as config/content.json (every
                                         language): keep it, or put it back as the seed
  content media                          the media library's images (config/media), as the
                                         paths --image takes
  content notice <id> --title <text> --text <text> [--title-cn <text>] [--text-cn <text>]
                                         add (or replace) a marquee notice
  content announce <id> [B|PL|PU|PR] [A|B|F] --title <text> --text <html> [--title-cn …] [--text-cn …]
                                         add (or replace) an announcement (default PU, B:
                                         visitors; A members, F members on first login)
  content remove <id>                    remove a notice or an announcement
  content banner <group> <id> --image <path|https URL> [--title T] [--title-cn T] [--text T]
          [--text-cn T] [--cta T] [--cta-cn T] [--link L] [--start ISO] [--end ISO]
          [--position N]                 add (or replace, in its place) a slide of a banner
                                         group; L: /path, https://…, game:VENDOR/code,
                                         promotion:<id> or none; N: 0 first (default last)
  content banner-remove <group> <id>     remove a slide
  content banner-order <group> <id,id,…> the group's slides in this order (every id once)
  content help-category <id> --title T [--title-cn T] [--position N]
                                         add (or rename) a help centre category
  content help-category-remove <id>      remove a category and its articles
  content help-article <category> <id> --title T [--title-cn T] --text <html>
          [--text-cn <html>] [--position N]
                                         add (or replace) a help article (HTML sanitised)
  content help-article-remove <category> <id>
  content help-order <id,id,…> [--category C]
                                         the categories (or C's articles) in this order
  content page join|sponsor [index] --title T --text T [--title-cn T] [--text-cn T]
          [--cta T] [--cta-cn T] [--image P] [--link L]
                                         replace the join page or sponsor page 0 to 2 (the next
                                         index adds one)
  content page-remove join|sponsor [index]
  content marketing <id> --title T --text T [--title-cn T] [--text-cn T] [--cta T] [--cta-cn T]
          [--image P] [--link L] [--position N]
                                         add (or replace) a home page marketing block ({games}
                                         and {providers} in a text are the catalogue's figures)
  content marketing-remove <id>
  content marketing-order <id,id,…>
  content promotions                     the promotions with their card images
  content promo-image <promotion> <image path>
                                         a promotion's card image (a /media/ path)
  Every content change is live at once; reload-config puts back config/content.json.`;

/** EN and CN texts as one localized text; undefined when neither is given. */
function localized(en: string | undefined, cn: string | undefined) {
  if (en === undefined && cn === undefined) return undefined;
  return { ...(en === undefined ? {} : { EN: en }), ...(cn === undefined ? {} : { CN: cn }) };
}

/** `--link`: a site path, an https URL, game:VENDOR/code, promotion:<id> or none. */
export function linkOf(text: string | undefined) {
  if (text === undefined) return undefined;
  if (text === 'none') return { linkageType: 'NONE' };
  if (/^https?:/i.test(text)) return { linkageType: 'EXTERNAL', target: text };
  const game = /^game:([^/]+)\/(.+)$/.exec(text);
  if (game) return { linkageType: 'GAME', vassalage: game[1]!.toUpperCase(), gameCode: game[2] };
  const promotion = /^promotion:(.+)$/.exec(text);
  if (promotion) return { linkageType: 'PROMOTION', target: promotion[1] };
  return { linkageType: 'INTERNAL', target: text };
}

const numberOf = (text: string | undefined, what: string, fail: (m: string) => never) => {
  if (text === undefined) return undefined;
  if (!/^\d{1,3}$/.test(text)) fail(`--${what} takes a number.`);
  return Number(text);
};
const ids = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function contentCli(words: string[], o: ContentCliOptions, fail: (message: string) => never) {
  const [command, sub, first, second, third] = words as [string, ...(string | undefined)[]];
  const title = localized(o.title, o['title-cn']);
  const text = localized(o.text, o['text-cn']);
  const cta = localized(o.cta, o['cta-cn']);
  const position = numberOf(o.position, 'position', fail);
  switch (sub) {
    case 'list':
    case 'export':
    case 'media':
    case 'promotions':
      return { command, action: sub };
    case 'remove':
      return { command, action: sub, id: first ?? '' };
    case 'notice':
    case 'announce':
      if (o.title === undefined || o.text === undefined) fail(`content ${sub} needs --title and --text.`);
      // EN only is a plain text; with a CN text, one text per language.
      if (o['title-cn'] === undefined && o['text-cn'] === undefined) {
        return sub === 'notice'
          ? { command, action: sub, id: first ?? '', title: o.title, text: o.text }
          : {
              command,
              action: sub,
              id: first ?? '',
              type: second,
              execution: third,
              title: o.title,
              text: o.text,
            };
      }
      return sub === 'notice'
        ? { command, action: sub, id: first ?? '', title, text }
        : { command, action: sub, id: first ?? '', type: second, execution: third, title, text };
    case 'banner':
      if (!first || !second || o.image === undefined)
        fail('content banner takes a group, an id and --image.');
      return {
        command,
        action: sub,
        group: first,
        id: second,
        image: o.image,
        title,
        text,
        cta,
        link: linkOf(o.link),
        startTime: o.start,
        endTime: o.end,
        position,
      };
    case 'banner-remove':
      return { command, action: sub, group: first ?? '', id: second ?? '' };
    case 'banner-order':
      return { command, action: sub, group: first ?? '', ids: ids(second) };
    case 'help-category':
      return { command, action: sub, id: first ?? '', title, position };
    case 'help-category-remove':
      return { command, action: sub, id: first ?? '' };
    case 'help-article':
      return {
        command,
        action: sub,
        category: first ?? '',
        id: second ?? '',
        title,
        content: text,
        position,
      };
    case 'help-article-remove':
      return { command, action: sub, category: first ?? '', id: second ?? '' };
    case 'help-order':
      return { command, action: sub, category: o.category, ids: ids(first) };
    case 'page':
    case 'page-remove': {
      const index = second === undefined ? undefined : numberOf(second, 'index', fail);
      if (sub === 'page-remove') return { command, action: sub, page: first ?? '', index };
      return {
        command,
        action: sub,
        page: first ?? '',
        index,
        image: o.image,
        title,
        text,
        cta,
        link: linkOf(o.link),
      };
    }
    case 'marketing':
      return {
        command,
        action: sub,
        id: first ?? '',
        image: o.image,
        title,
        text,
        cta,
        link: linkOf(o.link),
        position,
      };
    case 'marketing-remove':
      return { command, action: sub, id: first ?? '' };
    case 'marketing-order':
      return { command, action: sub, ids: ids(first) };
    case 'promo-image':
      return { command, action: sub, promotion: first ?? '', image: second ?? '' };
    default:
      return fail(
        'content takes list, export, media, promotions, notice, announce, remove, banner, banner-remove, banner-order, help-category, help-category-remove, help-article, help-article-remove, help-order, page, page-remove, marketing, marketing-remove, marketing-order or promo-image.',
      );
  }
}
