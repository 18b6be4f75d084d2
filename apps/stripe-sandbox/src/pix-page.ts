import type Stripe from 'stripe';
import type { PixCode } from './stripe-account.js';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The hosted Pix instructions page (`next_action.pix_display_qr_code.hosted_instructions_url`):
 * the QR code, the copy-and-paste text, the amount and expiry — and, this being a sandbox, a
 * button that plays the payer's bank (POST /_sandbox/pix/pay).
 */
export function pixPage(code: PixCode, intent: Stripe.PaymentIntent): string {
  const amount = (intent.amount / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
  const live = intent.status === 'requires_action' && intent.next_action?.pix_display_qr_code?.data === code.data;
  const expires = new Date(code.expiresAt * 1000).toISOString();
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Pix ${escape(amount)} — stripe-sandbox</title>
<style>body{font-family:sans-serif;max-width:420px;margin:2rem auto;text-align:center}textarea{width:100%;height:6rem}</style></head>
<body>
<h1>Pix ${escape(amount)}</h1>
<p>PaymentIntent <code>${escape(intent.id)}</code>: <strong id="status">${escape(intent.status)}</strong></p>
${live ? `<img src="/qr/${escape(code.reference)}.png" alt="QR code Pix" width="320" height="320">` : ''}
<p><label>Pix copia e cola<br><textarea readonly>${escape(code.data)}</textarea></label></p>
<p>Expira em <time datetime="${expires}">${expires}</time></p>
${
  live
    ? `<button id="pay">Pagar (sandbox)</button>
<script>
document.getElementById('pay').onclick = async () => {
  const answer = await fetch('/_sandbox/pix/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: ${JSON.stringify(code.data)} }) });
  const body = await answer.json();
  document.getElementById('status').textContent = answer.ok ? body.status : body.error.message;
  if (answer.ok) document.getElementById('pay').remove();
};
</script>`
    : ''
}
</body></html>
`;
}
