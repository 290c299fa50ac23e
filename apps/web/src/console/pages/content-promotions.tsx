import { useState } from 'react';
import { useAction, useCommand } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, formatTime, Notice, SelectField } from '../ui';
import { inLanguage, type Localized } from './content-fields';

/** A promotion as `content promotions` lists it. */
interface PromotionImage {
  id: string;
  title: Localized;
  image: string;
  start: string;
  end: string;
}

/**
 * The promotions' card images: each promotion with its image, changed to another image of the
 * media library after a confirmation (`content promo-image`).
 */
export function PromotionImagesPanel({ images }: { images: readonly string[] }) {
  const t = useTexts();
  const e = t.contentEdit;
  const list = useCommand<PromotionImage[]>({ command: 'content', action: 'promotions' });
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  // Promotion cards take files of the library only (no outside address).
  const library = images.filter((i) => i.startsWith('/media/'));

  const save = async (p: PromotionImage) => {
    const image = chosen[p.id];
    if (!image || image === p.image) return;
    if (!window.confirm(fill(e.confirmPromoImage, { id: p.id, image }))) return;
    if (await action.run({ command: 'content', action: 'promo-image', promotion: p.id, image })) {
      setDone(fill(t.content.saved, { id: p.id }));
      list.reload();
    }
  };

  return (
    <div>
      <p className="c-hint">{e.promoImagesLead}</p>
      <ErrorBanner error={list.error ?? action.error} />
      <Notice text={done} />
      <DataTable
        items={list.data}
        loading={list.loading}
        rowKey={(p) => p.id}
        columns={[
          { label: e.image, cell: (p) => <img className="c-thumb" src={chosen[p.id] ?? p.image} alt="" /> },
          { label: t.content.id, cell: (p) => p.id },
          { label: t.content.titleField, cell: (p) => inLanguage(p.title, 'EN') },
          {
            label: e.window,
            cell: (p) => `${formatTime(p.start, t.lang)} – ${formatTime(p.end, t.lang)}`,
          },
          {
            label: e.newImage,
            cell: (p) => (
              <div className="c-actions">
                <SelectField
                  label={fill(e.imageOf, { id: p.id })}
                  value={chosen[p.id] ?? p.image}
                  onChange={(image) => setChosen((c) => ({ ...c, [p.id]: image }))}
                  options={(library.includes(p.image) ? library : [p.image, ...library]).map((i) => ({
                    value: i,
                    label: i,
                  }))}
                />
                <button
                  type="button"
                  className="c-button"
                  aria-label={`${e.saveImage}: ${p.id}`}
                  disabled={action.busy || !chosen[p.id] || chosen[p.id] === p.image}
                  onClick={() => save(p)}
                >
                  {e.saveImage}
                </button>
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
