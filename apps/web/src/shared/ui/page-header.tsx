import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Title row of a page: title (and optional count) on the left, actions on the right; wraps on phones. */
export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <Flex className="page-header" justify="space-between" align="center" gap={12} wrap>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {extra ? (
        <Flex gap={8} wrap align="center" className="page-header-extra">
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
