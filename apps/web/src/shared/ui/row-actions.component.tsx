import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Edit and delete icon buttons of a table row. */
export function RowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Space>
      <Tooltip title={t('edit')}>
        <Button type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={onEdit} />
      </Tooltip>
      <Tooltip title={t('delete')}>
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={onDelete} />
      </Tooltip>
    </Space>
  );
}
