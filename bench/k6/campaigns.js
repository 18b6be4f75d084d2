// k6 load test of campaign delivery against an operator's own deployment (issue 12), for
// example 100 000 shippings over 50 wa-sandbox connections. Not run in this repository's checks;
// see bench/README.md ("k6/campaigns.js"). The deployment's WhatsApp connections must be
// sandbox numbers (provider `sandbox`, already CONNECTED) so the receiving side can be read.
//
//   k6 run -e API_URL=https://atrium.example.com/api -e SANDBOX_URL=http://sandbox:8085 \
//     -e EMAIL=admin@empresa.com -e PASSWORD=... -e WHATSAPP_IDS=1,2,3 \
//     -e RECIPIENTS=100000 -e INTERVAL_MS=1000 bench/k6/campaigns.js
//
// setup(): saves the pace, creates one contact list per connection with its share of recipients
// (POST /contact-list-items, at ITEMS_VUS at once) and one campaign per connection, scheduled now.
// default(): each VU polls the campaigns (GET /campaigns/{id}) until all are FINALIZADA, recording
// the report's delivered count as a rate. teardown(): reads what each recipient received at the
// sandbox (GET /messages?customer=&business=) and counts lost and duplicated recipients and pacing
// violations (two messages of a number closer than INTERVAL_MS - JITTER_MS).
/* global __ENV */
import http from 'k6/http';
import { check, sleep } from 'k6';
import { Counter, Trend } from 'k6/metrics';

const API = __ENV.API_URL;
const SANDBOX = __ENV.SANDBOX_URL;
const RECIPIENTS = Number(__ENV.RECIPIENTS || 100000);
const INTERVAL_MS = Number(__ENV.INTERVAL_MS || 1000);
const JITTER_MS = Number(__ENV.JITTER_MS || 50);
const WHATSAPP_IDS = (__ENV.WHATSAPP_IDS || '').split(',').filter(Boolean).map(Number);
const NUMBER_BASE = Number(__ENV.NUMBER_BASE || 5511950000000);

const delivered = new Trend('campaign_delivered');
const lost = new Counter('campaign_lost');
const duplicated = new Counter('campaign_duplicated');
const pacingViolations = new Counter('campaign_pacing_violations');

export const options = {
  setupTimeout: '60m',
  teardownTimeout: '60m',
  scenarios: { watch: { executor: 'per-vu-iterations', vus: 1, iterations: 1, maxDuration: '24h' } },
  thresholds: { campaign_lost: ['count==0'], campaign_duplicated: ['count==0'], campaign_pacing_violations: ['count==0'] },
};

function json(method, path, body, token) {
  const response = http.request(method, `${API}${path}`, body === undefined ? null : JSON.stringify(body), {
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  check(response, { [`${method} ${path.split('?')[0].replace(/\d+/g, '{id}')} 2xx`]: (r) => r.status >= 200 && r.status < 300 });
  return response.json();
}

export function setup() {
  if (!API || !SANDBOX || WHATSAPP_IDS.length === 0) throw new Error('set API_URL, SANDBOX_URL, EMAIL, PASSWORD and WHATSAPP_IDS');
  const { token } = json('POST', '/auth/login', { email: __ENV.EMAIL, password: __ENV.PASSWORD });
  json(
    'POST',
    '/campaign-settings',
    { settings: { messageInterval: INTERVAL_MS / 1000, longerIntervalAfter: 0, greaterInterval: 0, variables: [] } },
    token,
  );
  const connections = json('GET', '/whatsapp', undefined, token).filter((w) => WHATSAPP_IDS.includes(w.id));
  const perConnection = Math.ceil(RECIPIENTS / connections.length);
  const campaigns = [];
  connections.forEach((connection, i) => {
    const list = json('POST', '/contact-lists', { name: `k6 ${Date.now()} ${i}` }, token);
    const numbers = [];
    for (let k = 0; k < perConnection; k += 1) numbers.push(String(NUMBER_BASE + i * perConnection + k));
    for (let k = 0; k < numbers.length; k += 50) {
      http.batch(
        numbers
          .slice(k, k + 50)
          .map((number) => [
            'POST',
            `${API}/contact-list-items`,
            JSON.stringify({ contactListId: list.id, name: `Pessoa ${number}`, number, email: '' }),
            { headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } },
          ]),
      );
    }
    const campaign = json(
      'POST',
      '/campaigns',
      { name: `k6 ${i}`, message1: 'Oi {nome}', contactListId: list.id, whatsappId: connection.id, scheduledAt: new Date().toISOString() },
      token,
    );
    campaigns.push({ id: campaign.id, business: connection.number, first: NUMBER_BASE + i * perConnection, count: perConnection });
  });
  return { token, campaigns, startedAt: Date.now() };
}

export default function (data) {
  for (;;) {
    let done = 0;
    let sent = 0;
    for (const campaign of data.campaigns) {
      const shown = json('GET', `/campaigns/${campaign.id}`, undefined, data.token);
      sent += shown.report ? shown.report.delivered : 0;
      if (shown.status === 'FINALIZADA') done += 1;
    }
    delivered.add(sent);
    if (done === data.campaigns.length) break;
    sleep(5);
  }
}

export function teardown(data) {
  for (const campaign of data.campaigns) {
    const times = [];
    for (let k = 0; k < campaign.count; k += 50) {
      const requests = [];
      for (let j = k; j < Math.min(campaign.count, k + 50); j += 1)
        requests.push(['GET', `${SANDBOX}/messages?customer=${campaign.first + j}&business=${campaign.business}`]);
      for (const response of http.batch(requests)) {
        const messages = response.json();
        if (messages.length === 0) lost.add(1);
        if (messages.length > 1) duplicated.add(messages.length - 1);
        for (const m of messages) times.push(typeof m.timestamp === 'number' ? m.timestamp : Date.parse(m.timestamp));
      }
    }
    times.sort((a, b) => a - b);
    for (let i = 1; i < times.length; i += 1) if (times[i] - times[i - 1] < INTERVAL_MS - JITTER_MS) pacingViolations.add(1);
  }
}
