import { useEffect } from 'react';

/**
 * The page's title and description while it is shown (what a shared link's preview and a
 * bookmark read), put back as they were when it goes.
 */
export function usePageMeta(title: string | null, description: string | null) {
  useEffect(() => {
    if (!title) return;
    const previousTitle = document.title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previousDescription = meta.content;
    document.title = `${title} | ${previousTitle}`;
    if (description) meta.content = description;
    return () => {
      document.title = previousTitle;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [title, description]);
}
