import { MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { Button, Popover, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { volumeChanged } from '../preferences.slice';

/** Notification volume 0 to 1, step 0.1, kept in the browser (spec 000 section 9). */
export function VolumeControl() {
  const { t } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const volume = useAppSelector((state) => state.preferences.volume);
  const content = (
    <div className="volume-popover">
      <Typography.Text type="secondary">{t('volume')}</Typography.Text>
      <Slider
        min={0}
        max={1}
        step={0.1}
        value={volume}
        onChange={(value) => dispatch(volumeChanged(value))}
        tooltip={{ formatter: (value) => `${Math.round((value ?? 0) * 100)}%` }}
        aria-label={t('volume')}
      />
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottom">
      <Button
        type="text"
        shape="circle"
        aria-label={t('volume')}
        data-testid="volume-button"
        icon={volume === 0 ? <MutedOutlined /> : <SoundOutlined />}
      />
    </Popover>
  );
}
