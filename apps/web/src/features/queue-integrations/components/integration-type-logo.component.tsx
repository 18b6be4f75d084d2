import type { QueueIntegrationType } from '@atrium/contracts';

const LOGOS: Record<QueueIntegrationType, { label: string; background: string }> = {
  dialogflow: { label: 'DF', background: '#ff9800' },
  n8n: { label: 'n8n', background: '#ea4b71' },
  webhook: { label: '{ }', background: '#6e40c9' },
  typebot: { label: 'TB', background: '#0042da' },
};

/** The type's logo in the integrations table and type select (spec 001 "Queue integrations": type logo). */
export function IntegrationTypeLogo({ type }: { type: QueueIntegrationType }) {
  const logo = LOGOS[type];
  return (
    <span
      className="integration-logo"
      data-testid={`integration-logo-${type}`}
      aria-label={type}
      style={{
        background: logo.background,
        color: '#fff',
        borderRadius: 6,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 36,
        height: 24,
        padding: '0 6px',
        fontSize: 12,
        fontWeight: 600,
      }}
    >
      {logo.label}
    </span>
  );
}
