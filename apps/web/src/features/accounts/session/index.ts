export { AccountArea } from './components/account-area';
export { ViewOnlyBanner } from './components/view-only-banner';
