import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { CampaignVariable } from '@atrium/contracts';
import { Button, Card, Col, Flex, Form, Input, Row, Select, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/notify/error-popup';
import { toast } from '../../../shared/notify/notifier';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { PageHeader } from '../../../shared/ui/page-header';
import { FORM_SUBMIT_DELAY_MS, submitDelay } from '../../../shared/ui/submit-delay';
import { useCampaignSettingsQuery, useSaveCampaignSettingsMutation } from '../api/campaigns.api';
import {
  canAddVariable,
  GREATER_INTERVAL_OPTIONS,
  LONGER_INTERVAL_AFTER_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
  settingsOf,
  type CampaignSettingsValues,
} from '../campaign-form';

/**
 * /campaigns-config (spec 001 "Campaigns" settings): the three pacing selects (section 9's options
 * and defaults) and the custom variables table (shortcut and content, add and delete), one save.
 */
export default function CampaignsConfigPage() {
  const { t } = useTranslation('campaigns');
  const { data, isLoading, isError } = useCampaignSettingsQuery();
  const [save, saving] = useSaveCampaignSettingsMutation();
  const [values, setValues] = useState<CampaignSettingsValues | null>(null);
  const [shortcut, setShortcut] = useState('');
  const [content, setContent] = useState('');
  useErrorPopup(isError, t('loadFailed'));

  useEffect(() => {
    if (data) setValues(settingsOf(data));
  }, [data]);

  if (isLoading || !values) {
    return (
      <div className="page">
        <PageHeader title={t('config.title')} />
        <Card>
          <Skeleton active />
        </Card>
      </div>
    );
  }

  const set = (patch: Partial<CampaignSettingsValues>) => setValues({ ...values, ...patch });
  const addVariable = () => {
    if (!canAddVariable(values.variables, shortcut)) {
      toast.error(t('config.variableRefused'));
      return;
    }
    set({ variables: [...values.variables, { key: shortcut.trim(), value: content }] });
    setShortcut('');
    setContent('');
  };
  const submit = async () => {
    await submitDelay(FORM_SUBMIT_DELAY_MS);
    try {
      await save(values).unwrap();
      toast.success(t('config.saved'));
    } catch (error) {
      toastError(error);
    }
  };

  const seconds = (value: number, none: string) => (value === 0 ? none : t('config.seconds', { count: value }));
  const columns: TableColumnsType<CampaignVariable> = [
    { title: t('config.shortcut'), dataIndex: 'key', render: (key: string) => <Typography.Text code>{`{${key}}`}</Typography.Text> },
    { title: t('config.content'), dataIndex: 'value', ellipsis: true },
    {
      title: t('columns.actions'),
      key: 'actions',
      align: 'center',
      width: 100,
      render: (_, record) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('config.removeVariable')}
          onClick={() => set({ variables: values.variables.filter((variable) => variable.key !== record.key) })}
        />
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader title={t('config.title')} />
      <Card style={{ marginBottom: 16 }}>
        <Form layout="vertical" name="campaignSettings">
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label={t('config.messageInterval')} htmlFor="campaign-settings-message-interval">
                <Select
                  id="campaign-settings-message-interval"
                  value={values.messageInterval}
                  onChange={(messageInterval: number) => set({ messageInterval })}
                  options={MESSAGE_INTERVAL_OPTIONS.map((value) => ({ value, label: seconds(value, t('config.noInterval')) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('config.longerIntervalAfter')} htmlFor="campaign-settings-longer-interval-after">
                <Select
                  id="campaign-settings-longer-interval-after"
                  value={values.longerIntervalAfter}
                  onChange={(longerIntervalAfter: number) => set({ longerIntervalAfter })}
                  options={LONGER_INTERVAL_AFTER_OPTIONS.map((value) => ({
                    value,
                    label: value === 0 ? t('config.undefined') : t('config.messages', { count: value }),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('config.greaterInterval')} htmlFor="campaign-settings-greater-interval">
                <Select
                  id="campaign-settings-greater-interval"
                  value={values.greaterInterval}
                  onChange={(greaterInterval: number) => set({ greaterInterval })}
                  options={GREATER_INTERVAL_OPTIONS.map((value) => ({ value, label: seconds(value, t('config.noInterval')) }))}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card title={t('config.variables')} style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input
            placeholder={t('config.shortcut')}
            value={shortcut}
            onChange={(event) => setShortcut(event.target.value)}
            style={{ maxWidth: 220 }}
            data-testid="campaign-variable-key"
          />
          <Input
            placeholder={t('config.content')}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            style={{ maxWidth: 420 }}
            data-testid="campaign-variable-value"
          />
          <Button icon={<PlusOutlined />} onClick={addVariable} data-testid="campaign-variable-add">
            {t('config.addVariable')}
          </Button>
        </Flex>
        <Table<CampaignVariable>
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={values.variables}
          pagination={false}
          data-testid="campaign-variables-table"
        />
      </Card>
      <Flex justify="flex-end">
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving.isLoading}
          onClick={() => void submit()}
          data-testid="campaign-settings-save"
        >
          {t('config.save')}
        </Button>
      </Flex>
    </div>
  );
}
