import { describe, expect, it } from 'vitest';
import { clampIndex, hasControls, keyTarget, swipeTarget } from './slider';
import { STEP_IMAGES } from './steps';

describe('step slider rules', () => {
  it('has five iOS and three Android step images', () => {
    expect(STEP_IMAGES.ios).toHaveLength(5);
    expect(STEP_IMAGES.android).toHaveLength(3);
    expect(new Set([...STEP_IMAGES.ios, ...STEP_IMAGES.android]).size).toBe(8);
  });

  it('shows pagination and arrows only with more than one image', () => {
    expect(hasControls(0)).toBe(false);
    expect(hasControls(1)).toBe(false);
    expect(hasControls(2)).toBe(true);
  });

  it('keeps the index inside the slides without looping', () => {
    expect(clampIndex(-1, 5)).toBe(0);
    expect(clampIndex(5, 5)).toBe(4);
    expect(clampIndex(2, 5)).toBe(2);
    expect(clampIndex(3, 0)).toBe(0);
  });

  it('moves with the arrow keys and jumps with Home and End', () => {
    expect(keyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(keyTarget('ArrowRight', 2, 3)).toBe(2);
    expect(keyTarget('ArrowLeft', 0, 3)).toBe(0);
    expect(keyTarget('ArrowLeft', 2, 3)).toBe(1);
    expect(keyTarget('Home', 2, 3)).toBe(0);
    expect(keyTarget('End', 0, 5)).toBe(4);
    expect(keyTarget('Enter', 1, 3)).toBeNull();
  });

  it('swipes one slide once the finger travels far enough sideways', () => {
    // Left swipe goes forward, right swipe back.
    expect(swipeTarget(-120, 5, 300, 1, 5)).toBe(2);
    expect(swipeTarget(120, 5, 300, 1, 5)).toBe(0);
    // Too short (under a fifth of 300 px) or mostly vertical: stays.
    expect(swipeTarget(-50, 0, 300, 1, 5)).toBe(1);
    expect(swipeTarget(-80, 120, 300, 1, 5)).toBe(1);
    // Narrow slides still need 30 px.
    expect(swipeTarget(-25, 0, 100, 1, 5)).toBe(1);
    // Never past the ends.
    expect(swipeTarget(-200, 0, 300, 4, 5)).toBe(4);
    expect(swipeTarget(200, 0, 300, 0, 5)).toBe(0);
  });
});
