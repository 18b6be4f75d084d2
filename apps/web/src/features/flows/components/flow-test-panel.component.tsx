import type { FlowContact, FlowGraph, FlowInput } from '@atrium/contracts';
import { readJsonPath } from '@atrium/contracts/ai/flow-values.js';
import { Button, Descriptions, Empty, Flex, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startTestRun, stepTestRun, testRunOver, type TestLine, type TestRun } from '../flow-test-run';

function LineView({ line }: { line: TestLine }) {
  const { t } = useTranslation('flows');
  if (line.from === 'system')
    return (
      <div className="flow-test-line flow-test-system" data-testid="flow-test-system">
        {t(`test.events.${line.event}`, { detail: line.detail })}
      </div>
    );
  return (
    <div className={`flow-test-line flow-test-${line.from}`} data-testid={`flow-test-${line.from}`}>
      {line.from === 'bot' && line.mediaUrl ? <div className="flow-test-media">{line.mediaUrl}</div> : null}
      {line.text}
    </div>
  );
}

/**
 * The test panel: a chat with the draft as the customer would have it, walked by the runtime's
 * planner in the browser (flow-test-run.ts). Delays, question timeouts and HTTP calls wait for a
 * button (the HTTP answer's JSON typed here fills the node's saveAs variables); the variables show
 * as they are set.
 */
export function FlowTestPanel({ graph, contact, onAt }: { graph: FlowGraph; contact: FlowContact; onAt: (nodeId: string | null) => void }) {
  const { t } = useTranslation('flows');
  const [run, setRun] = useState<TestRun>(startTestRun);
  const [text, setText] = useState('');
  const [httpAnswer, setHttpAnswer] = useState('');

  const step = (input: FlowInput) => {
    const next = stepTestRun(graph, run, input, contact);
    setRun(next);
    onAt(next.state.at);
  };
  const send = () => {
    if (text.trim() === '' || testRunOver(run)) return;
    step({ kind: 'message', text });
    setText('');
  };
  const restart = () => {
    setRun(startTestRun());
    onAt(null);
  };
  const answerHttp = (ok: boolean) => {
    if (run.next.kind !== 'http') return;
    let body: unknown = null;
    try {
      body = httpAnswer.trim() ? JSON.parse(httpAnswer) : null;
    } catch {
      body = null;
    }
    const saved = ok
      ? Object.fromEntries(
          Object.entries(run.next.request.saveAs).flatMap(([name, path]) => {
            const value = readJsonPath(body, path);
            return value === undefined ? [] : [[name, value]];
          }),
        )
      : {};
    step({ kind: 'http', ok, saved });
  };

  const timer = run.next.kind === 'wait' ? run.next.timer : undefined;
  const variables = Object.entries(run.state.variables);
  return (
    <div className="flow-test" data-testid="flow-test-panel">
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('test.title')}
        </Typography.Title>
        <Button size="small" onClick={restart} data-testid="flow-test-restart">
          {t('test.restart')}
        </Button>
      </Flex>
      <div className="flow-test-chat" data-testid="flow-test-chat">
        {run.lines.length === 0 ? <Typography.Text type="secondary">{t('test.hint')}</Typography.Text> : null}
        {run.lines.map((line, index) => (
          <LineView key={index} line={line} />
        ))}
      </div>
      {timer ? (
        <Button
          block
          onClick={() => step({ kind: 'timer', timer: timer.timer, step: run.state.step })}
          data-testid={`flow-test-fire-${timer.timer}`}
        >
          {t(`test.fire.${timer.timer}`, { seconds: timer.seconds })}
        </Button>
      ) : null}
      {run.next.kind === 'http' ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>{t('test.http', { method: run.next.request.method, url: run.next.request.url })}</Typography.Text>
          <Input.TextArea
            rows={2}
            value={httpAnswer}
            onChange={(event) => setHttpAnswer(event.target.value)}
            placeholder={t('test.httpAnswer')}
          />
          <Space>
            <Button onClick={() => answerHttp(true)} data-testid="flow-test-http-ok">
              {t('handles.ok')}
            </Button>
            <Button danger onClick={() => answerHttp(false)} data-testid="flow-test-http-error">
              {t('handles.error')}
            </Button>
          </Space>
        </Space>
      ) : null}
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={text}
          disabled={testRunOver(run)}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={send}
          placeholder={t('test.placeholder')}
          data-testid="flow-test-input"
        />
        <Button type="primary" onClick={send} disabled={testRunOver(run)} data-testid="flow-test-send">
          {t('test.send')}
        </Button>
      </Space.Compact>
      <Typography.Text strong>{t('test.variables')}</Typography.Text>
      {variables.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('test.noVariables')} />
      ) : (
        <Descriptions
          size="small"
          column={1}
          bordered
          data-testid="flow-test-variables"
          items={variables.map(([name, value]) => ({
            key: name,
            label: run.changed.includes(name) ? <Tag color="green">{name}</Tag> : name,
            children: <span data-testid={`flow-test-variable-${name}`}>{value}</span>,
          }))}
        />
      )}
    </div>
  );
}
