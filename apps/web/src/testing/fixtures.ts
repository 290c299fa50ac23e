import type {
  FeatureNode,
  GameMenu,
  RegisterSettings,
  SitePermission,
  ValidationRule,
} from '@aurum/contract';

export const features = (on: string[], off: string[] = []): FeatureNode[] => [
  ...on.map((modId) => ({ modId, enabled: '1' as const, childrenNodes: [] })),
  ...off.map((modId) => ({ modId, enabled: '0' as const, childrenNodes: [] })),
];

export function sitePermission(
  overrides: Partial<SitePermission['info']['brand']> = {},
  on = ['COMM3', 'DIRECTREG3'],
): SitePermission {
  return {
    info: {
      brand: {
        merchant: 'AURUM',
        name: 'Aurum',
        platform: 'WEB',
        lotteryType: 'SEA',
        defaultLang: 'EN',
        supportLanguages: ['EN', 'CN'],
        forceDefaultLangDomains: [],
        esportGames: ['AV'],
        cockfightGames: ['DS88'],
        inHouse: ['AURX'],
        prizeModes: ['LOTT'],
        agentType: [1, 2, 41, 42],
        trialType: [4],
        currency: 'USD',
        currencySymbol: '$',
        theme: { brand: '#10b981', highlight: '#f5b942' },
        logo: '/media/brand/logo.svg',
        mark: '/media/brand/mark.svg',
        copyright: '© 2026 Aurum Entertainment',
        ...overrides,
      },
      domainRoute: [],
      resources: [
        {
          resourceType: 'MOBILECONFIG',
          url: 'https://a.example/app.mobileconfig',
          name: 'iOS',
          labelNameEn: 'iOS',
        },
        {
          resourceType: 'Android',
          url: 'https://a.example/app.apk',
          name: 'Android',
          labelNameEn: 'Android',
        },
        {
          resourceType: 'CUSTOMER_SERVICE',
          csType: 'TELEGRAM',
          url: 'https://t.me/support',
          name: 'Telegram support',
          labelNameEn: 'Telegram support',
        },
        {
          resourceType: 'FACEBOOK',
          url: 'https://facebook.example',
          name: 'Facebook',
          labelNameEn: 'Facebook',
        },
      ],
      whitelabelVal: features(on),
      mainDomain: 'a.example',
      analyticsId: null,
      imageCDNs: [],
      launchGameCDNs: [],
      session: { idleSeconds: 1800, touchSeconds: 60 },
    },
    location: { ip: '203.0.113.7', country: null },
    maintenance: false,
    maintenanceEnd: null,
    regionRestriction: false,
  };
}

const vendor = (vassalage: string, gameType: GameMenu['title'], name = vassalage) => ({
  vassalage,
  gameType,
  name,
  icon: `/media/vendors/${vassalage.toLowerCase()}.svg`,
  isGame: 'GAME' as const,
});

export const gameMenus: GameMenu[] = [
  { title: 'RNG', vendors: [vendor('AUR', 'RNG', 'Aurum Slots'), vendor('AURX', 'RNG', 'Aurum Originals')] },
  { title: 'FISH', vendors: [vendor('TIDE', 'FISH', 'Tidecraft')] },
  { title: 'LIVE', vendors: [vendor('AURL', 'LIVE', 'Aurum Live')] },
  { title: 'LOTT', vendors: [vendor('TCG', 'LOTT', 'TCG Lotto')] },
  { title: 'SPORTS', vendors: [] },
  { title: 'ESPORTS', vendors: [vendor('AV', 'ESPORTS', 'AV Esports')] },
  { title: 'COCKFIGHT', vendors: [vendor('DS88', 'COCKFIGHT', 'DS88 Sabong')] },
];

/** A merchant's rule for one field (register settings): enabled, required, 1-64 of anything, unless told. */
export const validationRule = (
  over: Partial<ValidationRule> & Pick<ValidationRule, 'key'>,
): ValidationRule => ({
  enabled: true,
  required: true,
  minLength: 1,
  maxLength: 64,
  patternId: 'LENGTH',
  acceptedPattern: null,
  type: 'text',
  ...over,
});

/**
 * The register settings (GET /wps/system/setting/register) with these field rules: registration
 * by username, no login captcha, no social sign-in, unless `overrides` says otherwise.
 */
export function registerSettings(
  rules: ValidationRule[],
  overrides: Partial<RegisterSettings> = {},
): RegisterSettings {
  return {
    rules,
    signIn: {
      USERNAMEREG3: true,
      MOBILENUMREG3: false,
      MOBILEVERCODELOGIN3: false,
      DIRECTREG3: true,
      AGENTPOLICY3: false,
      REGMOBVERF3: false,
      MOBILENUMPASSREG3: false,
      FREEPLAY3: false,
      PWDEXPFORCECHANGE3: false,
      COMM3: true,
    },
    loginCaptcha: false,
    ageLimit: 18,
    birthdayMinAge: 21,
    smsValidityMinutes: 5,
    socialProviders: [],
    ...overrides,
  };
}
