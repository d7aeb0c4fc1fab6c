import type { Package, PackageFamily } from '../schemas.js';

/**
 * A message of the catalogue's display text: a react-intl / formatjs descriptor — id, en-US default text (ICU
 * message syntax) and a description for translators. UIs keep the translations of every id (join-web's catalogues,
 * join-api's e-mails); `defaultMessage` is the English every other importer already reads in the `Package` fields.
 */
export interface CatalogueMessage {
  id: string;
  defaultMessage: string;
  description: string;
}

/**
 * A text to show: a message id with its English default and the values of its placeholders; a value may itself be
 * a text (e.g. the plan name inside a description), formatted first ({@link formatCatalogueText}).
 */
export interface CatalogueText {
  id: string;
  defaultMessage: string;
  values?: Readonly<Record<string, string | number | CatalogueText>>;
}

const FAMILY_NAMES: Record<PackageFamily, string> = {
  A: 'Package A',
  B: 'Package B',
  C: 'Package C',
  D: 'Package D',
  BASIC: 'Basic',
  BYO: 'Build Your Own',
  ESSENTIALS: 'Essentials',
  PREMIUM: 'Premium',
  MAX: 'Max',
};

/** The features a plan lists (keys of the `catalogue.feature.*` messages) with their English text. */
const FEATURE_NAMES = {
  sharedCalendar: 'Shared calendar',
  secureMessaging: 'Secure messaging',
  expenseLog: 'Expense log',
  journal: 'Journal',
  infoBank: 'Info bank',
  myFiles1GB: '1GB MyFiles storage',
  myFiles5GB: '5GB MyFiles storage',
  myFiles10GB: '10GB MyFiles storage',
  toneMeter: 'ToneMeter',
  unlimitedPayments: 'Unlimited payments',
  calls: 'Video and voice calls',
  addOns: 'Choose your add-ons',
  professionalAccess: 'Professional access',
} as const;
type Feature = keyof typeof FEATURE_NAMES;

const CORE: readonly Feature[] = ['sharedCalendar', 'secureMessaging', 'expenseLog', 'journal', 'infoBank'];
/** [primary, secondary] features of each family (the product's placeholder copy, README "Decisions"). */
const FEATURES: Record<PackageFamily, readonly [primary: readonly Feature[], secondary: readonly Feature[]]> = {
  BASIC: [CORE.slice(0, 3), []],
  ESSENTIALS: [CORE, ['myFiles1GB']],
  PREMIUM: [CORE, ['toneMeter', 'myFiles5GB', 'unlimitedPayments']],
  MAX: [CORE, ['toneMeter', 'myFiles10GB', 'unlimitedPayments', 'calls']],
  BYO: [CORE, ['addOns']],
  A: [CORE, ['professionalAccess']],
  B: [CORE, ['toneMeter']],
  C: [CORE, []],
  D: [CORE, ['toneMeter']],
};

/** English names of the build-your-own options by option code (§3 options[description], §9 "Build-your-own"). */
const OPTION_NAMES: Readonly<Record<string, string>> = {
  MYFILES_1GB: 'MyFiles 1GB',
  MYFILES_3GB: 'MyFiles 3GB',
  MYFILES_5GB: 'MyFiles 5GB',
  MYFILES_10GB: 'MyFiles 10GB',
  TONEMETER: 'ToneMeter',
  UNLIMITEDPAYMENTS: 'Unlimited payments',
  CALLSBASIC_45: 'Calls, 45 minutes',
  CALLSBASIC_60: 'Calls, 60 minutes',
};

const YEARS = '{years, plural, one {# year} other {# years}}';

function entries<T extends string>(
  prefix: string,
  names: Readonly<Record<T, string>>,
  description: (key: T) => string,
): Record<string, CatalogueMessage> {
  return Object.fromEntries(
    (Object.entries(names) as [T, string][]).map(([key, defaultMessage]) => {
      const id = `${prefix}.${key}`;
      return [id, { id, defaultMessage, description: description(key) }];
    }),
  );
}

/**
 * Every message of the catalogue's display text, keyed by id (`catalogue.family.*`, `catalogue.feature.*`,
 * `catalogue.option.*`, `catalogue.description`, `catalogue.receiptText`): the plan names, their one-line
 * descriptions and receipt lines, the features the plans list and the build-your-own options. A UI extracts these
 * (join-web's `pnpm i18n:extract` merges them into its catalogues) and keeps a translation of each in every locale.
 *
 * Source: the copy is this library's placeholder English (the spec gives none, README "Catalogue copy").
 */
export const catalogueMessages: Readonly<Record<string, CatalogueMessage>> = /* @__PURE__ */ Object.freeze({
  ...entries(
    'catalogue.family',
    FAMILY_NAMES,
    (f) =>
      `Name of the ${f} subscription plan (a product name shown on the plan card, the order summary and the receipt).`,
  ),
  ...entries(
    'catalogue.feature',
    FEATURE_NAMES,
    () =>
      'A feature listed on a subscription plan card (a short noun phrase; MyFiles and ToneMeter are product names).',
  ),
  ...entries(
    'catalogue.option',
    OPTION_NAMES,
    () =>
      'An add-on of the build-your-own plan (MyFiles storage size, ToneMeter, OFWpay payments, call minutes); MyFiles and ToneMeter are product names.',
  ),
  'catalogue.description': {
    id: 'catalogue.description',
    defaultMessage: `{name}, ${YEARS}`,
    description: 'One line under a plan name: the plan name and its subscription length, e.g. "Premium, 1 year".',
  },
  'catalogue.receiptText': {
    id: 'catalogue.receiptText',
    defaultMessage: `OurFamilyWizard {name} (${YEARS})`,
    description:
      'What a receipt calls the subscription bought: the product name (OurFamilyWizard, not translated), the plan name and its length.',
  },
});

function text(id: string, values?: CatalogueText['values']): CatalogueText {
  const message = catalogueMessages[id];
  if (!message) throw new RangeError(`No catalogue message ${id}`);
  return { id, defaultMessage: message.defaultMessage, ...(values ? { values } : {}) };
}

/** The display texts of a plan (see {@link packageText}). */
export interface PackageText {
  /** The plan name, e.g. "Premium" (`Package.displayName`). */
  name: CatalogueText;
  /** "Premium, 1 year" (`Package.description`). */
  description: CatalogueText;
  /** "OurFamilyWizard Premium (1 year)" (`Package.receiptText`). */
  receiptText: CatalogueText;
  /** `Package.primaryFeatures`, in order. */
  primaryFeatures: CatalogueText[];
  /** `Package.secondaryFeatures`, in order. */
  secondaryFeatures: CatalogueText[];
}

/**
 * The display texts of a §3 package as message ids: what `displayName`, `description`, `receiptText`,
 * `primaryFeatures` and `secondaryFeatures` say in English, for a UI to show in the parent's locale. Takes the
 * family and length only, so it works on a package of `GET /packages` as well as on the catalogue's.
 *
 * Source: spec §3 "Package" (displayName, description, receiptText, primaryFeatures and secondaryFeatures).
 */
export function packageText(pkg: Pick<Package, 'family' | 'subDurationInYears'>): PackageText {
  const name = text(`catalogue.family.${pkg.family}`);
  const years = pkg.subDurationInYears;
  const [primary, secondary] = FEATURES[pkg.family];
  return {
    name,
    description: text('catalogue.description', { name, years }),
    receiptText: text('catalogue.receiptText', { name, years }),
    primaryFeatures: primary.map((f) => text(`catalogue.feature.${f}`)),
    secondaryFeatures: secondary.map((f) => text(`catalogue.feature.${f}`)),
  };
}

/**
 * The display text of a build-your-own option by its §3 `optionCode` (e.g. `MYFILES_3GB` → "MyFiles 3GB"), or
 * `undefined` for a code the catalogue does not have.
 *
 * Source: spec §3 "Build-your-own package" options[description], §9 "Build-your-own".
 */
export function byoOptionText(optionCode: string): CatalogueText | undefined {
  return Object.hasOwn(OPTION_NAMES, optionCode) ? text(`catalogue.option.${optionCode}`) : undefined;
}

/**
 * Formats a {@link CatalogueText} with a UI's message formatter (react-intl's `intl.formatMessage`, or any function
 * of the same shape): texts among the values are formatted first, with the same formatter.
 *
 * @example formatCatalogueText(packageText(pkg).description, intl.formatMessage) // → "Premium, 1 año" in es-MX
 */
export function formatCatalogueText(
  value: CatalogueText,
  format: (descriptor: { id: string; defaultMessage: string }, values?: Record<string, string | number>) => string,
): string {
  const values =
    value.values &&
    Object.fromEntries(
      Object.entries(value.values).map(([k, v]) => [k, typeof v === 'object' ? formatCatalogueText(v, format) : v]),
    );
  return format({ id: value.id, defaultMessage: value.defaultMessage }, values);
}

/** English of a plan name and of a feature, for the catalogue's `Package` fields (one source for both). */
export const englishFamilyName = (family: PackageFamily): string => FAMILY_NAMES[family];
/** English [primary, secondary] feature lists of a family (the `Package` fields). */
export const englishFeatures = (family: PackageFamily): [string[], string[]] => {
  const [primary, secondary] = FEATURES[family];
  return [primary.map((f) => FEATURE_NAMES[f]), secondary.map((f) => FEATURE_NAMES[f])];
};
/** English name of a build-your-own option (the §3 `description` field), by option code. */
export const englishOptionName = (optionCode: string): string | undefined => OPTION_NAMES[optionCode];
