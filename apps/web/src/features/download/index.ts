export { DownloadSection } from './components/download-section';
