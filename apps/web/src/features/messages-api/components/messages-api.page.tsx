import { UploadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, Row, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../shared/config/app-config';
import { toastError } from '../../../shared/notify/error-popup';
import { toast } from '../../../shared/notify/notifier';
import { PageHeader } from '../../../shared/ui/page-header';
import { EXTERNAL_SEND_PATH, useExternalSendMutation } from '../api/messages-api.api';

/** The external API's number: country code, area code and number, digits only, no mask (spec 001 section 5). */
const NUMBER_PATTERN = /^\d{10,15}$/;

interface TestForm {
  token: string;
  number: string;
  body?: string;
}

function TextTestForm() {
  const { t } = useTranslation('messagesApi');
  const [form] = Form.useForm<TestForm>();
  const [send, { isLoading }] = useExternalSendMutation();
  const submit = async (values: TestForm) => {
    try {
      await send({ token: values.token, number: values.number, body: values.body ?? '' }).unwrap();
      toast.success(t('sent'));
      form.resetFields(['body']);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <Form form={form} layout="vertical" name="api-text" onFinish={(values) => void submit(values)} data-testid="api-text-form">
      <TokenAndNumber />
      <Form.Item name="body" label={t('fields.body')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
        <Input.TextArea rows={4} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading} data-testid="api-text-send">
        {t('send')}
      </Button>
    </Form>
  );
}

function MediaTestForm() {
  const { t } = useTranslation('messagesApi');
  const [form] = Form.useForm<TestForm>();
  const [file, setFile] = useState<File | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const [send, { isLoading }] = useExternalSendMutation();
  const submit = async (values: TestForm) => {
    if (!file) {
      setMissingFile(true);
      return;
    }
    try {
      await send({ token: values.token, number: values.number, body: values.body ?? '', media: file }).unwrap();
      toast.success(t('sent'));
      setFile(null);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <Form form={form} layout="vertical" name="api-media" onFinish={(values) => void submit(values)} data-testid="api-media-form">
      <TokenAndNumber />
      <Form.Item name="body" label={t('fields.caption')}>
        <Input />
      </Form.Item>
      <Form.Item
        label={t('fields.file')}
        required
        validateStatus={missingFile ? 'error' : undefined}
        help={missingFile ? t('validation.required') : undefined}
      >
        <Upload
          maxCount={1}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setMissingFile(false);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
        >
          <Button icon={<UploadOutlined />}>{t('chooseFile')}</Button>
        </Upload>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading} data-testid="api-media-send">
        {t('send')}
      </Button>
    </Form>
  );
}

function TokenAndNumber() {
  const { t } = useTranslation('messagesApi');
  return (
    <>
      <Form.Item name="token" label={t('fields.token')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="number"
        label={t('fields.number')}
        rules={[
          { required: true, message: t('validation.required') },
          { pattern: NUMBER_PATTERN, message: t('validation.number') },
        ]}
      >
        <Input inputMode="numeric" placeholder="5511999999999" />
      </Form.Item>
    </>
  );
}

/**
 * /messages-api (spec 001 'External messaging API page'): how other systems send WhatsApp messages
 * through a connection's token, and test forms for text and media. The plan's useExternalApi is
 * checked by the route guard (permission toast and redirect).
 */
export default function MessagesApiPage() {
  const { t } = useTranslation('messagesApi');
  const endpoint = `${apiUrl()}${EXTERNAL_SEND_PATH}`;
  return (
    <div className="page">
      <PageHeader title={t('title')} />
      <Card title={t('docs.heading')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph>{t('docs.intro')}</Typography.Paragraph>
        <Typography.Paragraph>
          <Typography.Text strong>{t('docs.endpoint')}</Typography.Text>{' '}
          <Typography.Text code data-testid="api-endpoint">{`POST ${endpoint}`}</Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>{t('docs.auth')}</Typography.Paragraph>
        <Typography.Paragraph>{t('docs.number')}</Typography.Paragraph>
        <Typography.Title level={5}>{t('docs.textHeading')}</Typography.Title>
        <pre className="api-example">{`curl -X POST ${endpoint} \\\n  -H "Authorization: Bearer <token>" \\\n  -H "Content-Type: application/json" \\\n  -d '{"number": "5511999999999", "body": "Olá!"}'`}</pre>
        <Typography.Title level={5}>{t('docs.mediaHeading')}</Typography.Title>
        <pre className="api-example">{`curl -X POST ${endpoint} \\\n  -H "Authorization: Bearer <token>" \\\n  -F number=5511999999999 \\\n  -F body=Legenda \\\n  -F medias=@arquivo.pdf`}</pre>
        <Typography.Paragraph>{t('docs.answer')}</Typography.Paragraph>
        <Typography.Paragraph>{t('docs.closeTicket')}</Typography.Paragraph>
        <Typography.Paragraph>{t('docs.idempotency')}</Typography.Paragraph>
        <pre className="api-example">{`curl -X POST ${endpoint} \\\n  -H "Authorization: Bearer <token>" \\\n  -H "Idempotency-Key: pedido-42" \\\n  -H "Content-Type: application/json" \\\n  -d '{"number": "5511999999999", "body": "Pedido 42 confirmado", "closeTicket": true}'`}</pre>
        <Typography.Paragraph>{t('docs.rateLimit')}</Typography.Paragraph>
        <Typography.Paragraph data-testid="api-errors">{t('docs.errors')}</Typography.Paragraph>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t('textTest')}>
            <TextTestForm />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('mediaTest')}>
            <MediaTestForm />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
