/** The step screenshots of the install guide (our own illustrations, config/media/app). */
export type Platform = 'ios' | 'android';

export const PLATFORMS: readonly Platform[] = ['ios', 'android'];

export const STEP_IMAGES: Record<Platform, readonly string[]> = {
  ios: [1, 2, 3, 4, 5].map((n) => `/media/app/ios-step-${n}.svg`),
  android: [1, 2, 3].map((n) => `/media/app/android-step-${n}.svg`),
};

/** Lite app (web app on the home screen) illustrations. */
export const LITE_IMAGES: Record<Platform, string> = {
  ios: '/media/app/lite-ios.svg',
  android: '/media/app/lite-android.svg',
};
