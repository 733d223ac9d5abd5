import { getCountryCallingCode, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import type { Country } from '../../../domain/contracts/customers';

export type { Country };

/**
 * The list holds 198 countries. They are the 193 UN member states (world-countries' `unMember` flag), the two
 * UN observer states (Holy See, Palestine), and Taiwan, Hong Kong and Macao, which issue their own passports
 * and have their own dialling codes, so buyers from there can be recorded with their citizenship.
 * English names: world-countries' common names; Georgian and Russian: i18n-iso-countries ('ka', 'ru'); dialling codes:
 * libphonenumber-js. Nothing is typed by hand but the five codes above.
 */
export const OBSERVER_STATES = ['VA', 'PS'] as const;
export const OWN_PASSPORT_TERRITORIES = ['TW', 'HK', 'MO'] as const;

let loaded: Promise<Country[]> | undefined;

async function build(): Promise<Country[]> {
  // Loaded on the first call, not at start: the country data is a few megabytes nobody needs for signing in.
  const [{ default: world }, { default: iso }, { default: ka }, { default: ru }] = await Promise.all([
    import('world-countries'),
    import('i18n-iso-countries'),
    import('i18n-iso-countries/langs/ka.json', { with: { type: 'json' } }),
    import('i18n-iso-countries/langs/ru.json', { with: { type: 'json' } }),
  ]);
  iso.registerLocale(ka);
  iso.registerLocale(ru);
  const wanted = new Set<string>([...OBSERVER_STATES, ...OWN_PASSPORT_TERRITORIES]);
  const countries = world
    .filter((c) => c.unMember || wanted.has(c.cca2))
    .map((c) => {
      const nameKa = iso.getName(c.cca2, 'ka');
      if (!nameKa || !isSupportedCountry(c.cca2)) throw new Error(`country data incomplete for ${c.cca2}`);
      return {
        id: Number(c.ccn3),
        name_en: c.name.common,
        name_ka: nameKa,
        name_ru: iso.getName(c.cca2, 'ru') ?? c.name.common,
        code_iso2: c.cca2,
        code_iso3: c.cca3,
        code_phone: `+${getCountryCallingCode(c.cca2 as CountryCode)}`,
      };
    });
  const collator = new Intl.Collator('ka');
  return countries.sort((a, b) => collator.compare(a.name_ka, b.name_ka));
}

/** The 198 countries, sorted by their Georgian name; built once per process. */
export const countryList = (): Promise<Country[]> => {
  loaded ??= build();
  loaded.catch(() => (loaded = undefined));
  return loaded;
};
