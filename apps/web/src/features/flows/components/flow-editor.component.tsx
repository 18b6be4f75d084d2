import {
  CopyOutlined,
  DownloadOutlined,
  ExpandOutlined,
  ExperimentOutlined,
  LeftOutlined,
  RedoOutlined,
  SaveOutlined,
  SendOutlined,
  SnippetsOutlined,
  UndoOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { FlowContact, FlowNode, FlowNodeType, FlowView } from '@atrium/contracts';
import { flowProblems, parseFlowGraph } from '@atrium/contracts/ai/flow-graph.js';
import { Background, Controls, ReactFlow, ReactFlowProvider, useReactFlow, type NodeTypes } from '@xyflow/react';
import { Badge, Button, Flex, Popover, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { usePublishFlowMutation, useSaveFlowDraftMutation } from '../../../shared/api/flows.api';
import { flowFileText, readFlowFile } from '../flow-file';
import { firstGraph } from '../flow-node-defaults';
import { problemMarks } from '../flow-problem-marks';
import { graphKey, useFlowEditor } from '../hooks/use-flow-editor.hook';
import { FlowNodeCard, ProblemMarksContext } from './flow-node.component';
import { FlowNodePanel } from './flow-node-form.component';
import { FlowPalette, PALETTE_DRAG_TYPE } from './flow-palette.component';
import { FlowTestPanel } from './flow-test-panel.component';
import { saveBlob } from '../../../shared/files/save-blob';

const NODE_TYPES: NodeTypes = Object.fromEntries(
  ['start', 'message', 'menu', 'question', 'condition', 'http', 'delay', 'tag', 'transfer', 'ai', 'integration', 'end'].map((type) => [
    type,
    FlowNodeCard,
  ]),
);

/** Zoom to fit, never above 100 % (a lone start node would fill the screen). */
const FIT_VIEW = { padding: 0.2, maxZoom: 1 };

/** Keys typed in a form field are the field's, not the canvas's shortcuts. */
function typing(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function Editor({ flow }: { flow: FlowView }) {
  const { t } = useTranslation('flows');
  const initial = useMemo(() => (flow.nodes.length > 0 ? { nodes: flow.nodes, edges: flow.edges } : firstGraph()), [flow]);
  const editor = useFlowEditor(initial);
  const viewport = useReactFlow();
  const [saved, setSaved] = useState(() => graphKey(initial));
  const [version, setVersion] = useState(flow.version);
  const [testing, setTesting] = useState(false);
  const [testAt, setTestAt] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const [saveDraft, saving] = useSaveFlowDraftMutation();
  const [publish, publishing] = usePublishFlowMutation();

  const problems = useMemo(() => {
    const parsed = parseFlowGraph(editor.graph.nodes, editor.graph.edges);
    return [...parsed.problems, ...flowProblems(parsed.graph)];
  }, [editor.graph]);
  const marks = useMemo(() => problemMarks(problems), [problems]);
  const dirty = graphKey(editor.graph) !== saved;
  const selected = editor.nodes.filter((node) => node.selected);
  const panelNode = selected.length === 1 ? (editor.graph.nodes.find((node) => node.id === selected[0]!.id) as FlowNode) : null;
  const displayNodes = useMemo(
    () =>
      testing && testAt
        ? editor.nodes.map((node) => (node.id === testAt ? { ...node, className: 'flow-node-active' } : node))
        : editor.nodes,
    [editor.nodes, testing, testAt],
  );
  const contact: FlowContact = useMemo(() => ({ name: t('test.contactName'), number: '5511999999999', protocol: '1' }), [t]);

  const addAtCentre = (type: FlowNodeType) => {
    const box = canvas.current?.getBoundingClientRect();
    const centre = viewport.screenToFlowPosition(
      box ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : { x: window.innerWidth / 2, y: window.innerHeight / 2 },
    );
    editor.addNode(type, { x: Math.round(centre.x), y: Math.round(centre.y) });
  };
  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(PALETTE_DRAG_TYPE) as FlowNodeType;
    if (!type) return;
    event.preventDefault();
    const at = viewport.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    editor.addNode(type, { x: Math.round(at.x), y: Math.round(at.y) });
  };

  const save = async (): Promise<boolean> => {
    try {
      const graph = editor.graph;
      await saveDraft({ id: flow.id, name: flow.name, nodes: graph.nodes, edges: graph.edges }).unwrap();
      setSaved(graphKey(graph));
      toast.success(t('toasts.draftSaved'));
      return true;
    } catch (error) {
      toastError(error);
      return false;
    }
  };
  const publishDraft = async () => {
    if (problems.length > 0) {
      toast.warning(t('toasts.fixBeforePublish', { count: problems.length }));
      return;
    }
    if (dirty && !(await save())) return;
    try {
      const published = await publish(flow.id).unwrap();
      setVersion(published.version);
      toast.success(t('toasts.published', { version: published.version }));
    } catch (error) {
      toastError(error);
    }
  };
  const importFile = async (file: File) => {
    const read = readFlowFile(await file.text());
    if (!read.ok) {
      toast.error(t(read.reason === 'json' ? 'toasts.importNotJson' : 'toasts.importInvalid', { count: read.problems.length }));
      return;
    }
    editor.replace({ nodes: read.file.nodes, edges: read.file.edges });
    toast.success(t('toasts.imported'));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (typing(event) || !(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) editor.undo();
    else if ((key === 'z' && event.shiftKey) || key === 'y') editor.redo();
    else if (key === 'c') editor.copy();
    else if (key === 'v') editor.paste();
    else if (key === 's') void save();
    else return;
    event.preventDefault();
  };

  return (
    <ProblemMarksContext.Provider value={marks}>
      <div className="flow-editor" onKeyDown={onKeyDown} tabIndex={-1} data-testid="flow-editor">
        <Flex className="flow-toolbar" justify="space-between" align="center" wrap gap={8}>
          <Space>
            <Link to="/flows">
              <Button type="text" icon={<LeftOutlined />} aria-label={t('back')} />
            </Link>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="flow-editor-name">
              {flow.name}
            </Typography.Title>
            {version === null ? (
              <Tag>{t('status.draft')}</Tag>
            ) : (
              <Tag color="green" data-testid="flow-version">
                {t('status.published', { version })}
              </Tag>
            )}
            {dirty ? <Tag color="orange">{t('status.unsaved')}</Tag> : null}
          </Space>
          <Space wrap>
            <Tooltip title={t('toolbar.undo')}>
              <Button
                icon={<UndoOutlined />}
                onClick={editor.undo}
                disabled={!editor.canUndo}
                aria-label={t('toolbar.undo')}
                data-testid="flow-undo"
              />
            </Tooltip>
            <Tooltip title={t('toolbar.redo')}>
              <Button
                icon={<RedoOutlined />}
                onClick={editor.redo}
                disabled={!editor.canRedo}
                aria-label={t('toolbar.redo')}
                data-testid="flow-redo"
              />
            </Tooltip>
            <Tooltip title={t('toolbar.fit')}>
              <Button
                icon={<ExpandOutlined />}
                onClick={() => void viewport.fitView(FIT_VIEW)}
                aria-label={t('toolbar.fit')}
                data-testid="flow-fit"
              />
            </Tooltip>
            <Tooltip title={t('toolbar.copy')}>
              <Button
                icon={<CopyOutlined />}
                onClick={() => editor.copy()}
                disabled={selected.length === 0}
                aria-label={t('toolbar.copy')}
                data-testid="flow-copy"
              />
            </Tooltip>
            <Tooltip title={t('toolbar.paste')}>
              <Button icon={<SnippetsOutlined />} onClick={() => editor.paste()} aria-label={t('toolbar.paste')} data-testid="flow-paste" />
            </Tooltip>
            <Tooltip title={t('toolbar.import')}>
              <Button
                icon={<UploadOutlined />}
                onClick={() => fileInput.current?.click()}
                aria-label={t('toolbar.import')}
                data-testid="flow-import"
              />
            </Tooltip>
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              hidden
              data-testid="flow-import-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void importFile(file);
              }}
            />
            <Tooltip title={t('toolbar.export')}>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  saveBlob(
                    new Blob([flowFileText({ name: flow.name, ...editor.graph })], { type: 'application/json' }),
                    `${flow.name || String(flow.id)}.json`,
                  )
                }
                aria-label={t('toolbar.export')}
                data-testid="flow-export"
              />
            </Tooltip>
            <Popover
              title={t('problems.title')}
              content={
                problems.length === 0 ? (
                  t('problems.none')
                ) : (
                  <ul className="flow-problem-list" data-testid="flow-problem-list">
                    {marks.flow.map((problem) => (
                      <li key={problem.message}>{t('problems.start')}</li>
                    ))}
                    {[...marks.byNode].map(([nodeId, nodeMarks]) => (
                      <li key={nodeId}>
                        {t('problems.node', {
                          node: nodeId,
                          count: nodeMarks.fields.size + nodeMarks.outputs.size + (nodeMarks.unreachable ? 1 : 0),
                        })}
                      </li>
                    ))}
                  </ul>
                )
              }
            >
              <Badge count={problems.length} size="small" data-testid="flow-problem-count" data-count={problems.length}>
                <Button>{t('problems.title')}</Button>
              </Badge>
            </Popover>
            <Button
              icon={<ExperimentOutlined />}
              type={testing ? 'primary' : 'default'}
              ghost={testing}
              onClick={() => setTesting(!testing)}
              data-testid="flow-test-toggle"
            >
              {t('toolbar.test')}
            </Button>
            <Button icon={<SaveOutlined />} onClick={() => void save()} loading={saving.isLoading} data-testid="flow-save">
              {t('toolbar.save')}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              onClick={() => void publishDraft()}
              loading={publishing.isLoading}
              data-testid="flow-publish"
            >
              {t('toolbar.publish')}
            </Button>
          </Space>
        </Flex>
        <div className="flow-body">
          <FlowPalette onAdd={addAtCentre} />
          <div
            ref={canvas}
            className="flow-canvas"
            onDragOver={(event) => event.preventDefault()}
            onDrop={onDrop}
            data-testid="flow-canvas"
          >
            <ReactFlow
              nodes={displayNodes}
              edges={editor.edges}
              nodeTypes={NODE_TYPES}
              onNodesChange={editor.onNodesChange}
              onEdgesChange={editor.onEdgesChange}
              onConnect={editor.onConnect}
              deleteKeyCode={['Backspace', 'Delete']}
              fitView
              fitViewOptions={FIT_VIEW}
              proOptions={{ hideAttribution: true }}
            >
              <Background />
              <Controls showInteractive={false} />
            </ReactFlow>
          </div>
          {testing ? (
            <div className="flow-side">
              <FlowTestPanel graph={editor.graph} contact={contact} onAt={setTestAt} />
            </div>
          ) : panelNode ? (
            <div className="flow-side">
              <FlowNodePanel
                node={panelNode}
                onChange={(data, field) => editor.updateData(panelNode.id, data, field)}
                onDelete={() => editor.removeNodes(new Set([panelNode.id]))}
              />
            </div>
          ) : null}
        </div>
      </div>
    </ProblemMarksContext.Provider>
  );
}

/**
 * The flow editor (issue 27): the palette, the canvas (react-flow) with the problems of the shared
 * checks marked on it, the selected node's form or the test panel at the side; undo/redo, zoom to
 * fit, copy/paste, import/export as JSON, save the draft and publish a version.
 */
export function FlowEditor({ flow }: { flow: FlowView }) {
  return (
    <ReactFlowProvider>
      <Editor flow={flow} />
    </ReactFlowProvider>
  );
}
