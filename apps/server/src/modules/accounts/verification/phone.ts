import {
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/mobile';
import examples from 'libphonenumber-js/mobile/examples';

export interface Country {
  countryCode: string;
  countryDialingCode: string;
  exampleNumber: string | null;
}

/**
 * A mobile number as E.164 (+639171234567), or null when it is not a valid mobile number of
 * the dialing code's country. The mobile-only metadata makes "valid" mean "valid mobile".
 */
export function normaliseMobile(mobileNum: string, countryDialingCode: string): string | null {
  const dialing = countryDialingCode.replace(/^\+/, '');
  const typed = mobileNum.trim();
  if (!/^\+?[0-9 ()-]{4,24}$/.test(typed)) return null;
  if (!callingCodes().has(dialing)) return null;
  const digits = typed.replace(/[^0-9+]/g, '');
  const parsed = digits.startsWith('+')
    ? parsePhoneNumberFromString(digits)
    : parsePhoneNumberFromString(digits, { defaultCallingCode: dialing });
  if (!parsed?.isValid() || parsed.countryCallingCode !== dialing) return null;
  return parsed.number;
}

/** Dialing code digits of an E.164 number (for storing next to it). */
export const dialingCodeOf = (e164: string) => parsePhoneNumberFromString(e164)?.countryCallingCode ?? null;

let countries: Country[] | null = null;
let codes: Set<string> | null = null;

/** Calling codes the metadata knows (the parser throws on others). */
const callingCodes = () => {
  codes ??= new Set(countryList().map((c) => c.countryDialingCode));
  return codes;
};

/** Every country the phone metadata knows, with its code and an example mobile number. */
export function countryList(): Country[] {
  countries ??= getCountries().map((countryCode) => ({
    countryCode,
    countryDialingCode: getCountryCallingCode(countryCode),
    exampleNumber: getExampleNumber(countryCode, examples)?.formatNational() ?? null,
  }));
  return countries;
}
