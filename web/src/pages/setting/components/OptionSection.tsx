import { App, Button, Card, Col, Form, Row, Space, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveOptions } from '../api/options-api.ts';
import {
  fieldProblem,
  toFormValues,
  type FieldSpec,
  type FormValue,
  type OptionMap,
} from '../model/option-fields.ts';
import { planSave } from '../model/plan-save.ts';
import { refusalText } from '../model/save-options.ts';
import type { SectionSpec } from '../sections/section-spec.ts';
import { OptionInput } from './OptionInput.tsx';
import { QuotaHint } from './QuotaHint.tsx';
import { sectionCardId } from './SectionIndex.tsx';

interface Props {
  section: SectionSpec;
  options: OptionMap;
  /** Shown under the form (e.g. the log card's history clearing). */
  children?: ReactNode;
  /** More buttons beside Save. */
  actions?: ReactNode;
}

/** The message for a field's problem, in the form's own validation. */
function useProblemText() {
  const { t } = useTranslation();
  return (field: FieldSpec, value: FormValue): string | undefined => {
    const problem = fieldProblem(field, value);
    switch (problem) {
      case undefined:
        return undefined;
      case 'invalidJson':
        return field.jsonMessage ? t(`setting.${field.jsonMessage}`) : t('common.invalidJson');
      case 'tooSmall':
        return t('setting.problem.tooSmall', { min: field.min });
      case 'tooLarge':
        return t('setting.problem.tooLarge', { max: field.max });
      default:
        return t(`setting.problem.${problem}`);
    }
  };
}

/**
 * One settings card: a form over some options that Save compares with the loaded values, sending
 * one write per changed key. When the options reload, only the fields whose stored value changed
 * are refreshed, so a refused edit stays on screen.
 */
export function OptionSection({ section, options, children, actions }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const save = useSaveOptions();
  const problemText = useProblemText();
  const loaded = useRef(options);

  useEffect(() => {
    const before = loaded.current;
    loaded.current = options;
    const changed = section.fields.filter((field) => before[field.key] !== options[field.key]);
    if (changed.length > 0) form.setFieldsValue(toFormValues(changed, options));
  }, [options, section, form]);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const plan = planSave(section, options, form.getFieldsValue(true));
    if (plan.kind === 'nothing') {
      message.info(t('common.nothingChanged'));
      return;
    }
    if (plan.kind === 'blocked') {
      message.error(t(`setting.${plan.message}`));
      return;
    }
    if (plan.kind === 'problems') return;
    setSaving(true);
    try {
      const report = await save(plan.changes);
      const labelOf = (key: string) => {
        const field = section.fields.find((candidate) => candidate.key === key);
        return field ? t(`setting.${field.label}`) : key;
      };
      form.setFields(
        report.failures.map((failure) => ({
          name: failure.key,
          errors: [refusalText(failure, labelOf(failure.key))],
        })),
      );
      const secrets = section.fields.filter((field) => field.kind === 'secret');
      form.setFieldsValue(Object.fromEntries(secrets.map((field) => [field.key, ''])));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      id={sectionCardId(section.form)}
      title={t(`setting.${section.title}`)}
      size="small"
      style={{ marginBottom: 16 }}
    >
      {section.note && (
        <Typography.Paragraph type="secondary">{t(`setting.${section.note}`)}</Typography.Paragraph>
      )}
      <Form
        form={form}
        name={section.form}
        layout="vertical"
        initialValues={toFormValues(section.fields, options)}
        onFinish={submit}
      >
        <Row gutter={16}>
          {section.fields.map((field) => (
            <Col key={field.key} xs={24} md={field.wide ? 24 : 12} xl={field.wide ? 24 : 8}>
              <Form.Item
                name={field.key}
                label={t(`setting.${field.label}`)}
                extra={
                  field.quota ? (
                    <QuotaHint form={form} name={field.key} />
                  ) : field.help ? (
                    t(`setting.${field.help}`)
                  ) : undefined
                }
                valuePropName={field.kind === 'bool' ? 'checked' : 'value'}
                rules={[
                  {
                    validator: async (_rule, value: FormValue) => {
                      const text = problemText(field, value);
                      if (text) throw new Error(text);
                    },
                  },
                ]}
              >
                <OptionInput field={field} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('setting.saveSection', { name: t(`setting.${section.title}`) })}
          </Button>
          {actions}
        </Space>
      </Form>
      {children}
    </Card>
  );
}
