import { AlertOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Image, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../shared/config/app-config';
import { formatDateTime } from '../../../shared/dates/dates';
import { nearBottom } from '../../../shared/api/paged';
import { displayFileName } from '../../../shared/ui/display-file-name';
import { useAnnouncementsInfiniteQuery } from '../api/announcements.api';
import { priorityColor } from '../announcement-priority';

/** Everyone's announcements popover, updated live through the company-announcement event. */
export function AnnouncementsPopover() {
  const { t } = useTranslation('announcements');
  const [seenCount, setSeenCount] = useState<number | null>(null);
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useAnnouncementsInfiniteQuery('');
  const records = (data?.pages ?? []).flatMap((page) => page.records).filter((record) => record.status !== false);
  const unseen = seenCount === null ? records.length : Math.max(0, records.length - seenCount);

  const content = (
    <div
      className="header-popover"
      data-testid="announcements-popover"
      onScroll={(event) => {
        if (hasNextPage && !isFetchingNextPage && nearBottom(event.currentTarget)) void fetchNextPage();
      }}
    >
      {records.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('popover.empty')} />
      ) : (
        <Flex vertical gap={12}>
          {records.map((record) => (
            <article key={record.id} className="announcement-card" style={{ borderLeftColor: priorityColor(record.priority) }}>
              <Flex justify="space-between" gap={8} align="baseline">
                <Typography.Text strong>{record.title}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 11, whiteSpace: 'nowrap' }}>
                  {formatDateTime(record.createdAt)}
                </Typography.Text>
              </Flex>
              {record.mediaPath ? (
                <Image
                  src={mediaUrl(record.mediaPath)}
                  alt={displayFileName(record.mediaName ?? record.title)}
                  width="100%"
                  style={{ marginBlock: 6 }}
                />
              ) : null}
              <Typography.Paragraph
                style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}
                ellipsis={{ rows: 4, expandable: true, symbol: t('popover.more') }}
              >
                {record.text}
              </Typography.Paragraph>
            </article>
          ))}
          {isFetchingNextPage ? <Spin size="small" /> : null}
        </Flex>
      )}
    </div>
  );

  return (
    <Popover
      content={content}
      title={t('popover.title')}
      trigger="click"
      placement="bottom"
      onOpenChange={(open) => {
        if (open) setSeenCount(records.length);
      }}
    >
      <Badge count={unseen} size="small" offset={[-4, 4]}>
        <Button type="text" shape="circle" aria-label={t('popover.title')} data-testid="announcements-button" icon={<AlertOutlined />} />
      </Badge>
    </Popover>
  );
}
