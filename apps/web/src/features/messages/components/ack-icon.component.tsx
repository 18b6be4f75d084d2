import { CheckOutlined, ClockCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { MessageView } from '@atrium/contracts';
import { useTranslation } from 'react-i18next';

function DoubleCheck({ read }: { read: boolean }) {
  return (
    <svg viewBox="0 0 18 12" width="16" height="11" aria-hidden="true" className={read ? 'ack-read' : undefined}>
      <path
        d="M1 6.5l3.2 3.2L11 2.5M7 9.2l.5.5L15.8 1.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Delivery ticks of a message the business sent: clock, sent, received, read/played in colour (spec 000 section 3). */
export function AckIcon({ ack }: { ack: MessageView['ack'] }) {
  const { t } = useTranslation('messages');
  const label = t(`ack.${ack < 0 ? 'failed' : Math.min(ack, 4)}`);
  let icon;
  if (ack < 0) icon = <ExclamationCircleOutlined style={{ color: 'var(--ant-color-error)' }} />;
  else if (ack === 0) icon = <ClockCircleOutlined />;
  else if (ack === 1) icon = <CheckOutlined />;
  else icon = <DoubleCheck read={ack >= 3} />;
  return (
    <span className="message-ack" role="img" aria-label={label} title={label} data-ack={ack}>
      {icon}
    </span>
  );
}
