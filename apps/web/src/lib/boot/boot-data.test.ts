import { afterEach, describe, expect, it } from 'vitest';
import { bootData, resetBootData } from './boot-data';

describe('boot data', () => {
  afterEach(() => {
    document.getElementById('boot-data')?.remove();
    resetBootData();
  });

  it('reads the JSON block the server wrote into the page', () => {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = 'boot-data';
    el.textContent = JSON.stringify({ status: { status: 1, maintenanceEnd: null, ip: '1.2.3.4' } });
    document.head.append(el);
    expect(bootData().status?.status).toBe(1);
  });

  it('is empty without a block or with a damaged one', () => {
    expect(bootData()).toEqual({});
    resetBootData();
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = 'boot-data';
    el.textContent = '{not json';
    document.head.append(el);
    expect(bootData()).toEqual({});
  });
});
