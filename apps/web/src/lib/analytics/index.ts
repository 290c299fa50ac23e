export { type AnalyticsProvider, loadAnalytics, registerAnalyticsProvider } from './analytics';
