import { OptionSection } from '../components/OptionSection.tsx';
import type { OptionMap } from '../model/option-fields.ts';
import { RATE_LIMIT_SECTION } from '../sections/other-sections.ts';

/** Per-user model request rate limits. */
export function RateLimitTab({ options }: { options: OptionMap }) {
  return <OptionSection section={RATE_LIMIT_SECTION} options={options} />;
}
