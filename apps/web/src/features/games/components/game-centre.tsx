import type { GameType } from '@aurum/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Icon, Img, MediaIcon, TabPanel, Tabs } from '../../../components/ui';
import { navCategories } from '../../../lib/games';
import { useGameMenus } from '../../../lib/site';
import { categoryIconArt, tileArt } from './category-art';
import styles from './game-centre.module.css';
import { VendorStartButton } from './vendor-start';

interface GameCentreProps {
  heading: string;
  defaultType?: GameType;
}

const ID = 'game-centre';

/**
 * Spec §2 Game-centre block: for the current category a title, a description, a start-game button
 * for the selected vendor and a row of vendor icons (the first preselected).
 */
export function GameCentre({ heading, defaultType = 'LOTT' }: GameCentreProps) {
  const { t } = useTranslation();
  const { menus, status } = useGameMenus();
  const categories = useMemo(() => navCategories(menus), [menus]);
  const [chosenType, setChosenType] = useState<GameType | null>(null);
  const [chosenVendor, setChosenVendor] = useState<string | null>(null);

  const current =
    categories.find((c) => c.type === chosenType) ??
    categories.find((c) => c.type === defaultType) ??
    categories[0];
  const vendor = current?.vendors.find((v) => v.vassalage === chosenVendor) ?? current?.vendors[0];

  return (
    <section aria-labelledby="game-centre-heading" className={styles.section} data-game-centre="true">
      <h2 id="game-centre-heading" className={styles.heading}>
        {heading}
      </h2>
      {!current ? (
        status === 'pending' ? (
          <div className={styles.skeleton} aria-busy="true" />
        ) : (
          <EmptyState title={t('home.noCategories')} headingLevel={3} />
        )
      ) : (
        <>
          <Tabs
            label={t('home.gameCentreTabs')}
            idBase={ID}
            value={current.type}
            onChange={(type) => {
              setChosenType(type);
              setChosenVendor(null);
            }}
            items={categories.map((c) => ({
              value: c.type,
              label: t(`categories.${c.type}`),
              icon: <MediaIcon src={categoryIconArt(c.type)} size={18} />,
            }))}
          />
          <TabPanel idBase={ID} value={current.type} className={styles.panel}>
            <div className={styles.info} data-game-type={current.type}>
              <h3 className={styles.title}>{t(`categories.${current.type}`)}</h3>
              <p className={styles.text}>{t(`categoryText.${current.type}`)}</p>
              {vendor ? (
                <VendorStartButton
                  vendor={vendor}
                  size="lg"
                  variant="highlight"
                  // The home block's start opens a lottery game that plays, not the list.
                  lotteryView="betting"
                  label={t('games.startVendor', { name: vendor.name })}
                >
                  <Icon name="play" size={16} />
                  {t('common.startGame')}
                </VendorStartButton>
              ) : null}
              <fieldset className={styles.vendors}>
                <legend className="visually-hidden">
                  {t('home.vendorsLabel', { category: t(`categories.${current.type}`) })}
                </legend>
                {current.vendors.map((v) => (
                  <button
                    key={v.vassalage}
                    type="button"
                    className={styles.vendor}
                    aria-pressed={v.vassalage === vendor?.vassalage}
                    title={v.name}
                    data-vendor={v.vassalage}
                    onClick={() => setChosenVendor(v.vassalage)}
                  >
                    <Img
                      src={v.icon}
                      alt={v.name}
                      ratio={16 / 9}
                      fit="contain"
                      className={styles.vendorImg}
                    />
                  </button>
                ))}
              </fieldset>
            </div>
            <div className={styles.art}>
              {tileArt(current.type) ? (
                <Img src={tileArt(current.type) ?? ''} alt="" ratio={320 / 200} />
              ) : (
                <MediaIcon src={categoryIconArt(current.type)} size={96} className={styles.bigIcon} />
              )}
            </div>
          </TabPanel>
        </>
      )}
    </section>
  );
}
