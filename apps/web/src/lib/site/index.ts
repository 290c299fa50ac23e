export {
  type MenusStatus,
  type SiteData,
  SiteDataProvider,
  useBrand,
  useFeature,
  useGameMenus,
  useResources,
  useSiteData,
} from './site-context';
