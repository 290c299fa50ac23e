import { readFile } from 'node:fs/promises';

/**
 * `npm run ops -- articles …`: the words of the command line made into the articles command's
 * arguments; `put` reads the article from a JSON file (in config/content.json's `articles` shape).
 * The server checks every value.
 */

export const ARTICLES_USAGE = `  articles list                          the blog posts and news, drafts included, with their status
  articles show <id>                     one article as stored (every language)
  articles put <file.json>               add or replace an article from a JSON file: { "id", "kind":
                                         "blog"|"news", "title": {EN,CN…}, "summary": {…}, "body":
                                         {…} (HTML, sanitised), "image", "tags", "publishAt" }
  articles publish <id> [--at ISO]       publish now, or from --at (a future time schedules it)
  articles unpublish <id>                back to a draft (served to nobody)
  articles remove <id>`;

export function articlesCli(
  words: string[],
  opts: { at?: string | undefined },
  fail: (message: string) => never,
): Record<string, unknown> {
  const [command, action, value] = words;
  if (action === 'list') return { command, action };
  if (action === 'put') {
    if (!value) return fail('articles put takes a JSON file.');
    return { command, action, file: value };
  }
  if (action === 'show' || action === 'publish' || action === 'unpublish' || action === 'remove') {
    if (!value) return fail(`articles ${action} takes an article id.`);
    return { command, action, id: value, ...(action === 'publish' && opts.at ? { at: opts.at } : {}) };
  }
  return fail('articles takes list, show, put, publish, unpublish or remove.');
}

/** `put`'s file read into the command (the file's JSON is the article). */
export async function withArticleFile(
  args: Record<string, unknown>,
  fail: (message: string) => never,
  read: (file: string) => Promise<string> = (file) => readFile(file, 'utf8'),
): Promise<Record<string, unknown>> {
  if (args.command !== 'articles' || args.action !== 'put' || typeof args.file !== 'string') return args;
  let article: unknown;
  try {
    article = JSON.parse(await read(args.file));
  } catch (e) {
    return fail(`articles put: cannot read ${args.file} as JSON (${e instanceof Error ? e.message : e}).`);
  }
  if (typeof article !== 'object' || article === null || Array.isArray(article))
    return fail(`articles put: ${args.file} must hold one article (a JSON object).`);
  return { command: 'articles', action: 'put', article };
}
