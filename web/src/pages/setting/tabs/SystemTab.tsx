import { OptionSection } from '../components/OptionSection.tsx';
import { SectionIndex } from '../components/SectionIndex.tsx';
import { TestMailForm } from '../components/TestMailForm.tsx';
import type { OptionMap } from '../model/option-fields.ts';
import {
  EMAIL_DOMAIN_SECTION,
  GITHUB_SECTION,
  LINUXDO_SECTION,
  LOGIN_SECTION,
  OIDC_SECTION,
  PAYMENT_SECTION,
  SERVER_SECTION,
  SMTP_SECTION,
  STRIPE_SECTION,
  TELEGRAM_SECTION,
  TURNSTILE_SECTION,
  WECHAT_SECTION,
  WORKER_SECTION,
} from '../sections/system-sections.ts';

const SECTIONS = [
  SERVER_SECTION,
  WORKER_SECTION,
  PAYMENT_SECTION,
  STRIPE_SECTION,
  LOGIN_SECTION,
  EMAIL_DOMAIN_SECTION,
  SMTP_SECTION,
  GITHUB_SECTION,
  WECHAT_SECTION,
  TELEGRAM_SECTION,
  TURNSTILE_SECTION,
  LINUXDO_SECTION,
  OIDC_SECTION,
];

/** System settings: addresses, payment, sign-in methods and their credentials, mail. */
export function SystemTab({ options }: { options: OptionMap }) {
  return (
    <SectionIndex sections={SECTIONS}>
      {SECTIONS.map((section) => (
        <OptionSection key={section.form} section={section} options={options}>
          {section === SMTP_SECTION && <TestMailForm />}
        </OptionSection>
      ))}
    </SectionIndex>
  );
}
