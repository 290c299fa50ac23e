/**
 * A pluggable analytics loader. A provider knows how to load one vendor's script for an id; with
 * no id or no provider registered nothing is loaded at all.
 */
export interface AnalyticsProvider {
  name: string;
  load: (analyticsId: string) => void | Promise<void>;
}

let provider: AnalyticsProvider | null = null;
let loadedId: string | null = null;

export function registerAnalyticsProvider(p: AnalyticsProvider | null): void {
  provider = p;
}

/** Returns whether a provider was asked to load. */
export async function loadAnalytics(analyticsId: string | null | undefined): Promise<boolean> {
  if (!analyticsId || !provider || loadedId === analyticsId) return false;
  loadedId = analyticsId;
  await provider.load(analyticsId);
  return true;
}

export function resetAnalyticsForTests(): void {
  provider = null;
  loadedId = null;
}
