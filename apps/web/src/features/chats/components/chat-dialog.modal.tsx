import type { ChatView } from '@atrium/contracts';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/notify/notifier';
import { useUserListQuery } from '../../../shared/api/user-list.api';
import { useCreateChatMutation, useUpdateChatMutation } from '../api/chats.api';
import { chatInputProblem } from '../chat-rules';

interface ChatForm {
  title: string;
  users: number[];
}

/** New chat or, for its owner, an edit: title and the other members (spec 001 "Chat dialog"). */
export function ChatDialog({
  open,
  chat,
  userId,
  onClose,
  onSaved,
}: {
  open: boolean;
  chat: ChatView | null;
  userId: number;
  onClose: () => void;
  onSaved: (chat: ChatView) => void;
}) {
  const { t } = useTranslation('chats');
  const [form] = Form.useForm<ChatForm>();
  const { data: users = [] } = useUserListQuery(undefined, { skip: !open });
  const [createChat, creating] = useCreateChatMutation();
  const [updateChat, updating] = useUpdateChatMutation();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      title: chat?.title ?? '',
      users: chat ? chat.users.map((member) => member.userId).filter((id) => id !== userId) : [],
    });
  }, [open, chat, form, userId]);

  const save = async () => {
    const { title = '', users: members = [] } = form.getFieldsValue();
    const problem = chatInputProblem(title, members);
    if (problem) {
      toast.warning(t(`alerts.${problem}`));
      return;
    }
    try {
      const saved = chat
        ? await updateChat({ id: chat.id, title: title.trim(), users: members }).unwrap()
        : await createChat({ title: title.trim(), users: members }).unwrap();
      onSaved(saved);
      onClose();
    } catch {
      // chat errors are swallowed (spec 001 section 8)
    }
  };

  return (
    <Modal
      open={open}
      title={chat ? t('dialog.editTitle') : t('dialog.addTitle')}
      okText={t('dialog.save')}
      cancelText={t('dialog.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={creating.isLoading || updating.isLoading}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="title" label={t('dialog.title')}>
          <Input maxLength={255} data-testid="chat-title" />
        </Form.Item>
        <Form.Item name="users" label={t('dialog.users')}>
          <Select
            mode="multiple"
            data-testid="chat-users"
            optionFilterProp="label"
            placeholder={t('dialog.usersPlaceholder')}
            options={users.filter((user) => user.id !== userId).map((user) => ({ value: user.id, label: user.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
