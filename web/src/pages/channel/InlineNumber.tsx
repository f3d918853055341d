import { InputNumber } from 'antd';
import { useState } from 'react';
import { integerAtLeast } from './channel-form.ts';

/**
 * A priority or weight edited in place: saved on blur or Enter when it is a new integer; an empty
 * field is ignored and goes back to the stored value.
 */
export function InlineNumber({
  value,
  min,
  onSave,
  disabled,
  placeholder,
  label,
}: {
  value: number | null;
  min: number;
  onSave: (value: number) => Promise<unknown>;
  disabled?: boolean;
  placeholder?: string;
  /** The accessible name of the input (the column's title). */
  label?: string;
}) {
  const [draft, setDraft] = useState<number | null>(value);
  const [saving, setSaving] = useState(false);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The stored value changed (list refreshed): show it.
    setShown(value);
    setDraft(value);
  }

  const commit = async () => {
    const next = integerAtLeast(draft, min);
    if (next === undefined || next === value) {
      setDraft(value);
      return;
    }
    setSaving(true);
    try {
      await onSave(next);
    } catch {
      setDraft(value);
    } finally {
      setSaving(false);
    }
  };

  return (
    <InputNumber
      size="small"
      style={{ width: 76 }}
      value={draft}
      min={min}
      precision={0}
      disabled={disabled || saving}
      placeholder={placeholder}
      aria-label={label}
      onChange={(next) => setDraft(typeof next === 'number' ? next : null)}
      onBlur={() => void commit()}
      // The key event reaches this handler from the wrapper, so blur the input it came from.
      onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
    />
  );
}
