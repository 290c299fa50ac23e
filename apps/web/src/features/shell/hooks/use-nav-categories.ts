import { useMemo } from 'react';
import { type NavCategory, navCategories } from '../../../lib/games';
import { useGameMenus } from '../../../lib/site';

export function useNavCategories(): NavCategory[] {
  const { menus } = useGameMenus();
  return useMemo(() => navCategories(menus), [menus]);
}

export const categoryIcon = (type: string) => `/media/categories/${type.toLowerCase()}.svg`;
