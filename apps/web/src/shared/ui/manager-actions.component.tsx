import { App, Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Limpar / Excluir / Salvar row of the settings managers; Excluir asks 'Deseja realmente excluir esse registro?'. */
export function ManagerActions({
  editing,
  saving,
  onClear,
  onDelete,
  extra,
  testId,
}: {
  editing: boolean;
  saving: boolean;
  onClear: () => void;
  onDelete: () => Promise<void>;
  extra?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  return (
    <Flex gap={8} wrap justify="flex-end">
      <Button onClick={onClear}>{t('clear')}</Button>
      {editing ? (
        <Button
          danger
          onClick={() =>
            modal.confirm({
              title: t('manager.confirmDeleteTitle'),
              content: t('manager.confirmDelete'),
              okText: t('delete'),
              okButtonProps: { danger: true },
              cancelText: t('cancel'),
              onOk: onDelete,
            })
          }
        >
          {t('delete')}
        </Button>
      ) : null}
      {extra}
      <Button type="primary" htmlType="submit" loading={saving} data-testid={`${testId}-save`}>
        {t('save')}
      </Button>
    </Flex>
  );
}
