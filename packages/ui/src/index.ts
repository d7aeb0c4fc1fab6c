/**
 * @ofw/ui — presentational, accessible React components of the OFW join (spec §2).
 *
 * Decision: components take already-localized strings as props (labels, messages, formatted prices) and never
 * call react-intl themselves, so every message id lives in the app's catalogues and one extract/check covers all.
 */
export { cx } from './cx.js';
export { Button, type ButtonProps } from './button.js';
export { BackButton, BackLink, type BackButtonProps, type BackLinkProps } from './back.js';
export {
  TextField,
  SelectField,
  useFieldIds,
  type FieldBaseProps,
  type TextFieldProps,
  type SelectFieldProps,
  type SelectOption,
  type SelectOptionGroup,
} from './field.js';
export { StepIndicator, type StepIndicatorProps } from './step-indicator.js';
export { StepHeading, StatusMessage, type StepHeadingProps, type StatusMessageProps } from './step-heading.js';
export { ErrorBanner, type ErrorBannerProps } from './error-banner.js';
export { TermsList, type TermsListProps } from './terms-list.js';
export { CheckboxField, type CheckboxFieldProps } from './checkbox-field.js';
export {
  BillingInformation,
  type BillingAddressValue,
  type BillingInformationLabels,
  type BillingInformationProps,
} from './billing-information.js';
export {
  SecurityQuestions,
  type SecurityAnswer,
  type SecurityQuestionOption,
  type SecurityQuestionsLabels,
  type SecurityQuestionsProps,
} from './security-questions.js';
export {
  CountrySelect,
  PhoneCodeSelect,
  splitPriority,
  type CountryOptionLike,
  type CountrySelectProps,
  type PhoneCodeOption,
  type PhoneCodeSelectProps,
} from './country-select.js';
export {
  CoParentEmailQuestion,
  type CoParentEmailLabels,
  type CoParentEmailQuestionProps,
  type CoParentEmailValue,
} from './coparent-email.js';
export { FaqAccordion, type FaqAccordionProps, type FaqItem } from './faq-accordion.js';
export {
  PackageCard,
  PackageGrid,
  YearSwitch,
  type PackageCardProps,
  type PackageCardView,
  type PackageGridProps,
  type YearSwitchProps,
} from './package-card.js';
export { VenmoLogo, VENMO_LOGO_SIZES, type VenmoLogoProps } from './venmo-logo.js';
export { ThreeDSecureModal, type ThreeDSecureModalProps } from './three-d-secure-modal.js';
