import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../testing/render';
import { SmsButton } from '../components/sms-button';
import { createThrottle } from './timers';

afterEach(() => vi.useRealTimers());

describe('throttle (SMS requests, captcha refresh)', () => {
  it('lets one call through per second', () => {
    let now = 10_000;
    const gate = createThrottle(1000, () => now);
    expect(gate()).toBe(true);
    now += 500;
    expect(gate()).toBe(false);
    now += 500;
    expect(gate()).toBe(true);
  });
});

describe('SmsButton', () => {
  it('counts down 60 s per validity minute, disabled meanwhile, then can send again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const send = vi.fn(() => Promise.resolve({ expiredMinutes: 2 }));
    renderWithApp(<SmsButton send={send} validate={() => true} />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Send code' })));
    const counting = await screen.findByRole('button', { name: 'Send again in 120 s' });
    expect(counting).toHaveProperty('disabled', true);
    fireEvent.click(counting);
    expect(send).toHaveBeenCalledOnce();
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('button', { name: /Send again in 6\d s/ })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(61_000));
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false);
  });

  it('sends nothing when the number is not valid, and at most once per second', async () => {
    const send = vi.fn(() => Promise.reject(new Error('down')));
    let valid = false;
    renderWithApp(<SmsButton send={send} validate={() => valid} />);
    const button = await screen.findByRole('button', { name: 'Send code' });
    fireEvent.click(button);
    expect(send).not.toHaveBeenCalled();
    valid = true;
    await act(async () => fireEvent.click(button));
    await act(async () => fireEvent.click(button));
    expect(send).toHaveBeenCalledOnce();
  });

  it('shows a warning popup with the server message when sending fails', async () => {
    const { ApiError } = await import('../../../../lib/api');
    const send = vi.fn(() =>
      Promise.reject(new ApiError('sms.send.failed', 'Gateway refused the number', 502)),
    );
    renderWithApp(<SmsButton send={send} validate={() => true} />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Send code' })));
    const popup = await screen.findByRole('dialog', { name: 'The code could not be sent' });
    expect(popup.textContent).toContain('Gateway refused the number');
  });
});
