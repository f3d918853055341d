import { DatePicker, Flex, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '../lib/time.ts';
import { useIsMobile } from './use-is-mobile.ts';

export type DateRange = [Dayjs | null, Dayjs | null] | null;

/** The value format of a native `datetime-local` input, to the second. */
const NATIVE_FORMAT = 'YYYY-MM-DDTHH:mm:ss';

/**
 * One date and time for a form field: antd's picker on a desktop; on a phone, whose screen cannot
 * hold a calendar beside its time columns, a field that opens the phone's own date and time picker.
 */
export function DateTimeInput({
  value,
  onChange,
  placeholder,
  allowClear = true,
}: {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  placeholder?: string;
  allowClear?: boolean;
}) {
  const phone = useIsMobile();
  if (!phone) {
    return (
      <DatePicker
        showTime
        format={DATE_TIME_FORMAT}
        allowClear={allowClear}
        value={value ?? null}
        onChange={(picked: Dayjs | null) => onChange?.(picked)}
        placeholder={placeholder}
      />
    );
  }
  return (
    <Input
      type="datetime-local"
      step={1}
      required={!allowClear}
      value={value?.format(NATIVE_FORMAT) ?? ''}
      aria-label={placeholder}
      onChange={(event) => {
        const picked = event.target.value ? dayjs(event.target.value) : null;
        if (picked || allowClear) onChange?.(picked);
      }}
    />
  );
}

/**
 * A start and end time for a form field. A desktop gets antd's range picker; a phone, whose screen
 * holds neither the range picker's two months nor a calendar beside its time columns, gets two
 * fields stacked that open the phone's own date and time picker.
 */
export function DateRangeInput({
  value,
  onChange,
  placeholder: given,
  allowClear = true,
}: {
  value?: DateRange;
  onChange?: (value: DateRange) => void;
  placeholder?: [string, string];
  allowClear?: boolean;
}) {
  const { t } = useTranslation();
  const phone = useIsMobile();
  const placeholder = given ?? [t('common.startTime'), t('common.endTime')];
  const [start, end] = value ?? [null, null];
  if (!phone) {
    return (
      <DatePicker.RangePicker
        showTime
        format={DATE_TIME_FORMAT}
        allowClear={allowClear}
        value={[start, end]}
        onChange={(next) => onChange?.(next ? [next[0] ?? null, next[1] ?? null] : null)}
        placeholder={placeholder}
      />
    );
  }
  const single = (which: 0 | 1) => (
    <DateTimeInput
      value={which === 0 ? start : end}
      allowClear={allowClear}
      placeholder={placeholder[which]}
      onChange={(picked) => onChange?.(which === 0 ? [picked, end] : [start, picked])}
    />
  );
  return (
    <Flex vertical gap={8} style={{ width: '100%' }}>
      {single(0)}
      {single(1)}
    </Flex>
  );
}
