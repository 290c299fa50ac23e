export { AccountArea } from './components/account-area';
