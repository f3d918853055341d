import { OptionSection } from '../components/OptionSection.tsx';
import { SectionIndex } from '../components/SectionIndex.tsx';
import type { OptionMap } from '../model/option-fields.ts';
import { CLAUDE_SECTION, GEMINI_SECTION, GLOBAL_MODEL_SECTION } from '../sections/other-sections.ts';

const SECTIONS = [GLOBAL_MODEL_SECTION, GEMINI_SECTION, CLAUDE_SECTION];

/** Provider-specific settings (Gemini, Claude) and the global pass-through switch. */
export function ModelSettingsTab({ options }: { options: OptionMap }) {
  return (
    <SectionIndex sections={SECTIONS}>
      {SECTIONS.map((section) => (
        <OptionSection key={section.form} section={section} options={options} />
      ))}
    </SectionIndex>
  );
}
