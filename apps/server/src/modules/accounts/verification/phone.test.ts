import { describe, expect, it } from 'vitest';
import { countryList, normaliseMobile } from './phone.ts';

describe('mobile numbers', () => {
  it('normalises national and international forms to E.164', () => {
    expect(normaliseMobile('09171234567', '63')).toBe('+639171234567');
    expect(normaliseMobile('917 123 4567', '+63')).toBe('+639171234567');
    expect(normaliseMobile('+639171234567', '63')).toBe('+639171234567');
  });

  it('refuses numbers that are not mobile numbers of that country', () => {
    expect(normaliseMobile('28123456', '63')).toBeNull(); // a Manila landline
    expect(normaliseMobile('+639171234567', '1')).toBeNull();
    expect(normaliseMobile('12', '63')).toBeNull();
    expect(normaliseMobile("0917' OR 1=1 --", '63')).toBeNull();
    expect(normaliseMobile('9171234567', '9999')).toBeNull();
  });

  it('lists countries with dialing codes and example numbers', () => {
    const list = countryList();
    expect(list.length).toBeGreaterThan(200);
    expect(list.find((c) => c.countryCode === 'PH')).toEqual({
      countryCode: 'PH',
      countryDialingCode: '63',
      exampleNumber: expect.stringMatching(/^0\d/),
    });
  });
});
