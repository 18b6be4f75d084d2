import { PlayCircleOutlined } from '@ant-design/icons';
import type { HelpView } from '@atrium/contracts';
import { Card, Col, Empty, Modal, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { PageHeader } from '../../../shared/ui/page-header';
import { useHelpsQuery } from '../api/helps.api';
import { videoEmbedUrl, videoThumbnailUrl } from '../video';

/** /helps: grid of video thumbnails with the count in the heading; a player modal that Escape closes. */
export default function HelpsPage() {
  const { t } = useTranslation('helps');
  const { data: helps, isLoading, error } = useHelpsQuery();
  const [playing, setPlaying] = useState<HelpView | null>(null);
  useErrorPopup(error);
  const list = helps ?? [];

  return (
    <div className="page">
      <PageHeader title={t('title', { count: list.length })} />
      {isLoading ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Card>
          <Empty description={t('empty')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]} data-testid="helps-grid">
          {list.map((help) => (
            <Col key={help.id} xs={24} sm={12} lg={8} xxl={6}>
              <Card
                hoverable
                onClick={() => setPlaying(help)}
                cover={
                  <div className="video-thumb">
                    {help.video ? (
                      <img
                        src={videoThumbnailUrl(help.video)}
                        alt=""
                        loading="lazy"
                        onError={(event) => {
                          // Offline or unknown code: the play button on the plain background stays.
                          event.currentTarget.style.display = 'none';
                        }}
                      />
                    ) : null}
                    <PlayCircleOutlined className="video-thumb-play" />
                  </div>
                }
              >
                <Card.Meta
                  title={help.title}
                  description={
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                      {help.description}
                    </Typography.Paragraph>
                  }
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Modal
        open={playing !== null}
        title={playing?.title}
        footer={null}
        width={{ xs: '95vw', md: 800 }}
        onCancel={() => setPlaying(null)}
        keyboard
        destroyOnHidden
        centered
      >
        {playing ? (
          <div className="video-frame">
            <iframe
              src={videoEmbedUrl(playing.video)}
              title={playing.title}
              allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
            />
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
