import { OptionSection } from '../components/OptionSection.tsx';
import type { OptionMap } from '../model/option-fields.ts';
import { CLAUDE_SECTION, GEMINI_SECTION, GLOBAL_MODEL_SECTION } from '../sections/other-sections.ts';

/** Provider-specific settings (Gemini, Claude) and the global pass-through switch. */
export function ModelSettingsTab({ options }: { options: OptionMap }) {
  return (
    <>
      <OptionSection section={GLOBAL_MODEL_SECTION} options={options} />
      <OptionSection section={GEMINI_SECTION} options={options} />
      <OptionSection section={CLAUDE_SECTION} options={options} />
    </>
  );
}
