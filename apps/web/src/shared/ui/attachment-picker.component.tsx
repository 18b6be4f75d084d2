import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useRef, type ReactNode } from 'react';
import type { PendingAttachment } from '../hooks/use-pending-attachment.hook';
import { displayFileName } from './display-file-name';

export interface AttachmentPickerProps {
  /** The form's pending attachment (usePendingAttachment). */
  attachment: PendingAttachment;
  /** Name of the record's saved attachment, if any. */
  savedName: string | null | undefined;
  attachText: ReactNode;
  removeLabel: string;
  /** Read-only: the attach button is off and the attachment cannot be removed. */
  disabled?: boolean;
  /** Widest the file name shows, in pixels. */
  nameMaxWidth: number;
  /** Shown when there is no attachment. */
  emptyHint?: ReactNode;
  /** The file input's accept attribute. */
  accept?: string;
  /** Checks a picked file; false leaves it out. */
  onPick?: (file: File) => boolean;
  /** data-testid of the attach button, the file name and the file input. */
  testIds: { attach?: string; name: string; input?: string };
  /** Shown after the file name (a validation message). */
  children?: ReactNode;
}

/** A form's attachment row: attach button, the file name with a remove button, a hidden file input. */
export function AttachmentPicker({
  attachment,
  savedName,
  attachText,
  removeLabel,
  disabled,
  nameMaxWidth,
  emptyHint,
  accept,
  onPick,
  testIds,
  children,
}: AttachmentPickerProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const name = attachment.shownName(savedName);
  return (
    <Flex gap={8} align="center" wrap>
      <Button icon={<PaperClipOutlined />} onClick={() => fileInput.current?.click()} disabled={disabled} data-testid={testIds.attach}>
        {attachText}
      </Button>
      {name ? (
        <>
          <Typography.Text ellipsis style={{ maxWidth: nameMaxWidth }} data-testid={testIds.name}>
            {displayFileName(name)}
          </Typography.Text>
          {disabled ? null : <Button type="text" danger icon={<DeleteOutlined />} aria-label={removeLabel} onClick={attachment.remove} />}
        </>
      ) : (
        (emptyHint ?? null)
      )}
      {children}
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={accept}
        data-testid={testIds.input}
        onChange={(event) => {
          const picked = event.target.files?.[0];
          if (picked && (onPick?.(picked) ?? true)) attachment.choose(picked);
          event.target.value = '';
        }}
      />
    </Flex>
  );
}
