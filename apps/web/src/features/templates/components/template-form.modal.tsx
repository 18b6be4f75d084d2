import type { CreateTemplateDto, TemplateCategory, TemplateComponent } from '@atrium/contracts';
import { placeholdersOf, TEMPLATE_CATEGORIES } from '@atrium/contracts/sessions/template-text.js';
import { Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormModal, saveRecord } from '../../../shared/ui/record-form-modal.component';
import { useCreateTemplateMutation } from '../api/templates.api';

interface TemplateFormValues {
  name: string;
  language: string;
  category: TemplateCategory;
  header: string;
  body: string;
  footer: string;
  /** Sample values of the body's variables, one per line (Meta's reviewers read them). */
  examples: string;
}

const EMPTY: TemplateFormValues = { name: '', language: 'pt_BR', category: 'UTILITY', header: '', body: '', footer: '', examples: '' };

/** The form's fields as Meta's components (HEADER text, BODY with its examples, FOOTER). */
export function componentsOf(values: TemplateFormValues): TemplateComponent[] {
  const examples = values.examples
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const body: TemplateComponent = { type: 'BODY', text: values.body.trim() };
  if (placeholdersOf(body.text).length > 0) body.example = { body_text: [examples] };
  return [
    ...(values.header.trim() ? [{ type: 'HEADER', format: 'TEXT', text: values.header.trim() }] : []),
    body,
    ...(values.footer.trim() ? [{ type: 'FOOTER', text: values.footer.trim() }] : []),
  ];
}

/** A new template (name, language, category, header, body with {{1}}-style variables, footer), submitted to Meta. */
export function TemplateFormModal({ open, whatsappId, onClose }: { open: boolean; whatsappId: number; onClose: () => void }) {
  const { t } = useTranslation('connections');
  const [form] = Form.useForm<TemplateFormValues>();
  const [create, creating] = useCreateTemplateMutation();
  const body = Form.useWatch('body', form) ?? '';
  const variables = placeholdersOf(body);

  useEffect(() => {
    if (open) form.setFieldsValue(EMPTY);
  }, [open, form]);

  const submit = async (values: TemplateFormValues) => {
    const dto: CreateTemplateDto = {
      name: values.name.trim(),
      language: values.language.trim(),
      category: values.category,
      components: componentsOf(values) as CreateTemplateDto['components'],
    };
    await saveRecord(() => create({ whatsappId, ...dto }).unwrap(), t('templates.submitted'), onClose);
  };

  return (
    <RecordFormModal
      open={open}
      title={t('templates.addTitle')}
      okText={t('templates.submit')}
      loading={false}
      saving={creating.isLoading}
      onOk={() => form.submit()}
      onClose={onClose}
      testId="template-form-submit"
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={EMPTY} onFinish={(values) => void submit(values)} data-testid="template-form">
        <Form.Item
          name="name"
          label={t('templates.form.name')}
          extra={t('templates.form.nameHelp')}
          rules={[{ required: true, pattern: /^[a-z0-9_]{1,512}$/, message: t('templates.form.nameRule') }]}
        >
          <Input autoFocus autoComplete="off" data-testid="template-name" />
        </Form.Item>
        <Form.Item
          name="language"
          label={t('templates.form.language')}
          rules={[{ required: true, pattern: /^[a-z]{2,3}(_[A-Z]{2})?$/, message: t('templates.form.languageRule') }]}
        >
          <Input autoComplete="off" data-testid="template-language" />
        </Form.Item>
        <Form.Item name="category" label={t('templates.form.category')}>
          <Select options={TEMPLATE_CATEGORIES.map((category) => ({ value: category, label: t(`templates.categories.${category}`) }))} />
        </Form.Item>
        <Form.Item name="header" label={t('templates.form.header')} rules={[{ max: 60 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('templates.form.body')}
          extra={t('templates.form.bodyHelp')}
          rules={[{ required: true, max: 1024, message: t('templates.form.bodyRule') }]}
        >
          <Input.TextArea rows={4} data-testid="template-body" />
        </Form.Item>
        {variables.length > 0 ? (
          <Form.Item
            name="examples"
            label={t('templates.form.examples', { count: variables.length })}
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  (value ?? '').split('\n').filter((line) => line.trim()).length === variables.length
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('templates.form.examplesRule', { count: variables.length }))),
              },
            ]}
          >
            <Input.TextArea rows={Math.min(variables.length, 5)} data-testid="template-examples" />
          </Form.Item>
        ) : null}
        <Form.Item name="footer" label={t('templates.form.footer')} rules={[{ max: 60 }]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </RecordFormModal>
  );
}
