import { Button, Modal, Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { durationColor, progressPercent, statusColor, taskDuration } from './task-rules.ts';

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = ['SUCCESS', 'NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'FAILURE', 'MODAL', 'QUEUED', 'UNKNOWN'];
  const label = known.includes(status) ? t(`task.status.${status}`) : status || t('task.status.submitting');
  return <Tag color={statusColor(status)}>{label}</Tag>;
}

export function ProgressCell({ progress }: { progress: string }) {
  if (!progress) return null;
  return <Progress percent={progressPercent(progress)} size="small" style={{ minWidth: 80 }} />;
}

/** Submission to finish, red above 60 s; empty while unfinished. */
export function DurationCell({ submit, finish, unitMs }: { submit: number; finish: number; unitMs: number }) {
  const { t } = useTranslation();
  const seconds = taskDuration(submit, finish, unitMs);
  if (seconds === null) return null;
  return <Tag color={durationColor(seconds) ?? 'default'}>{t('task.seconds', { seconds })}</Tag>;
}

/** A long text (prompt, fail reason) cut short in the cell, read whole in a dialog. */
export function TextCell({ text, title }: { text: string; title: string }) {
  const [open, setOpen] = useState(false);
  if (!text) return null;
  return (
    <>
      <Button type="link" size="small" style={{ padding: 0, maxWidth: 200 }} onClick={() => setOpen(true)}>
        <Typography.Text ellipsis style={{ maxWidth: 200 }}>
          {text}
        </Typography.Text>
      </Button>
      <Modal open={open} title={title} footer={null} onCancel={() => setOpen(false)}>
        <Typography.Paragraph copyable style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
