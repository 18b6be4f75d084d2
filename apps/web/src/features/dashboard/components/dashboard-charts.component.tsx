import { Column } from '@ant-design/plots';
import { Card, Col, Empty, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { useTicketsPerDayQuery, useTicketsPerUserQuery, type ChartRange } from '../api/dashboard.api';
import { dayChartPoints } from '../dashboard-figures';

/** The two bar charts (tickets per agent, tickets per day or hour), in the app's light or dark theme. */
export default function DashboardCharts({ range }: { range: ChartRange }) {
  const { t } = useTranslation('dashboard');
  const dark = useAppSelector((state) => state.preferences.theme) === 'dark';
  const perUser = useTicketsPerUserQuery(range);
  const perDay = useTicketsPerDayQuery(range);
  const theme = dark ? 'classicDark' : 'classic';
  const failed = perUser.isError || perDay.isError;
  if (failed) return <Empty description={t('chartsError')} />;
  const users = (perUser.data?.data ?? []).map((row) => ({ label: row.nome, total: row.quantidade }));
  const days = perDay.data ? dayChartPoints(perDay.data) : [];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title={t('ticketsPerUser', { count: perUser.data?.count ?? 0 })} data-testid="chart-users">
          <Spin spinning={perUser.isFetching}>
            <Column
              data={users}
              xField="label"
              yField="total"
              height={280}
              theme={theme}
              axis={{ y: { title: false }, x: { title: false } }}
              label={{ text: 'total' }}
            />
          </Spin>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('ticketsPerDay', { count: perDay.data?.count ?? 0 })} data-testid="chart-days">
          <Spin spinning={perDay.isFetching}>
            <Column
              data={days}
              xField="label"
              yField="total"
              height={280}
              theme={theme}
              axis={{ y: { title: false }, x: { title: false } }}
              label={{ text: 'total' }}
            />
          </Spin>
        </Card>
      </Col>
    </Row>
  );
}
