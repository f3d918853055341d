import { App, Switch } from 'antd';

interface Props {
  id?: string;
  checked?: boolean;
  onChange?: (value: boolean) => void;
  /** The question asked before the switch may go off. */
  question: string;
}

/** A switch that asks for confirmation before it is turned off (e.g. password login). */
export function ConfirmOffSwitch({ id, checked, onChange, question }: Props) {
  const { modal } = App.useApp();
  const change = (next: boolean) => {
    if (next) {
      onChange?.(true);
      return;
    }
    modal.confirm({ title: question, onOk: () => onChange?.(false) });
  };
  return <Switch id={id} checked={checked} onChange={change} />;
}
