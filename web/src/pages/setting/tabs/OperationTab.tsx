import { OptionSection } from '../components/OptionSection.tsx';
import { SectionIndex } from '../components/SectionIndex.tsx';
import type { OptionMap } from '../model/option-fields.ts';
import { ModelRatioCard, RATIO_CARD } from '../ratio/ModelRatioCard.tsx';
import {
  CHATS_SECTION,
  DASHBOARD_SECTION,
  DRAWING_SECTION,
  GENERAL_SECTION,
  GROUP_SECTION,
  LOG_SECTION,
  MONITOR_SECTION,
  QUOTA_SECTION,
  ROUTING_SECTION,
  SENSITIVE_SECTION,
} from '../sections/operation-sections.ts';
import { ClearLogsForm } from './ClearLogsForm.tsx';

const INDEX = [
  GENERAL_SECTION,
  DRAWING_SECTION,
  SENSITIVE_SECTION,
  LOG_SECTION,
  DASHBOARD_SECTION,
  MONITOR_SECTION,
  ROUTING_SECTION,
  QUOTA_SECTION,
  GROUP_SECTION,
  CHATS_SECTION,
  RATIO_CARD,
];

/** Operation settings: site behaviour, logs, monitoring, quota, groups, chat presets and prices. */
export function OperationTab({ options }: { options: OptionMap }) {
  return (
    <SectionIndex sections={INDEX}>
      <OptionSection section={GENERAL_SECTION} options={options} />
      <OptionSection section={DRAWING_SECTION} options={options} />
      <OptionSection section={SENSITIVE_SECTION} options={options} />
      <OptionSection section={LOG_SECTION} options={options}>
        <ClearLogsForm />
      </OptionSection>
      <OptionSection section={DASHBOARD_SECTION} options={options} />
      <OptionSection section={MONITOR_SECTION} options={options} />
      <OptionSection section={ROUTING_SECTION} options={options} />
      <OptionSection section={QUOTA_SECTION} options={options} />
      <OptionSection section={GROUP_SECTION} options={options} />
      <OptionSection section={CHATS_SECTION} options={options} />
      <ModelRatioCard options={options} />
    </SectionIndex>
  );
}
