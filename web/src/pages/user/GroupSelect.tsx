import { Select, type SelectProps } from 'antd';
import { useGroups } from '../../api/groups.ts';

/** A select over the site's groups (GET /api/group/). */
export function GroupSelect(props: Omit<SelectProps<string>, 'options' | 'loading'>) {
  const groups = useGroups();
  return (
    <Select<string>
      showSearch
      {...props}
      loading={groups.isLoading}
      options={(groups.data ?? []).map((group) => ({ value: group, label: group }))}
    />
  );
}
