import { formatMoney } from '@aurum/contract';
import type { SandboxPaymentRow } from '../../db/schema.ts';
import { SANDBOX_PREFIX } from './sandbox-gateway.ts';

export const SANDBOX_STYLESHEET_PATH = `${SANDBOX_PREFIX}/pay.css`;

/**
 * The sandbox gateway's hosted payment page: server-rendered HTML with plain forms and its own
 * stylesheet (the site's Content-Security-Policy forbids inline scripts and styles). Brand-neutral on
 * purpose: it stands for someone else's payment page, not the merchant's.
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** "2026-03-01 14:05 UTC": the page has no script to show the payer's own time zone. */
const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The page's stylesheet, served at SANDBOX_STYLESHEET_PATH. */
export const SANDBOX_STYLESHEET = `
:root { color-scheme: light; --ink: #0f172a; --muted: #64748b; --line: #e2e8f0; --bg: #f1f5f9;
  --card: #ffffff; --go: #2563eb; --go-dark: #1d4ed8; --stop: #b91c1c; --ok: #15803d; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
  padding: 24px 16px; background: var(--bg); color: var(--ink);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { width: 100%; max-width: 420px; background: var(--card); border: 1px solid var(--line);
  border-radius: 16px; box-shadow: 0 12px 32px rgba(15, 23, 42, 0.08); overflow: hidden; }
header { display: flex; align-items: center; justify-content: space-between; padding: 18px 24px;
  border-bottom: 1px solid var(--line); }
.logo { display: flex; align-items: center; gap: 10px; font-weight: 700; letter-spacing: 0.2px; }
.mark { width: 28px; height: 28px; border-radius: 8px; background: linear-gradient(135deg, #2563eb, #7c3aed);
  display: inline-flex; align-items: center; justify-content: center; color: #fff; font-size: 14px; }
.badge { font-size: 12px; font-weight: 600; color: #92400e; background: #fef3c7; border-radius: 999px;
  padding: 2px 10px; }
section { padding: 24px; }
.label { margin: 0; color: var(--muted); font-size: 14px; }
.amount { margin: 4px 0 20px; font-size: 36px; font-weight: 700; font-variant-numeric: tabular-nums; }
.amount small { font-size: 16px; font-weight: 600; color: var(--muted); margin-left: 6px; }
dl { margin: 0 0 24px; display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; font-size: 14px; }
dt { color: var(--muted); }
dd { margin: 0; text-align: right; font-weight: 600; overflow-wrap: anywhere; }
.actions { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
form { margin: 0; }
button, .link { display: block; width: 100%; padding: 12px 16px; border-radius: 10px; font: inherit;
  font-weight: 600; text-align: center; cursor: pointer; text-decoration: none; }
.approve { background: var(--go); color: #fff; border: 1px solid var(--go); }
.approve:hover { background: var(--go-dark); }
.decline { background: #fff; color: var(--stop); border: 1px solid #fecaca; }
.decline:hover { background: #fef2f2; }
.link { background: var(--ink); color: #fff; border: 1px solid var(--ink); }
button:focus-visible, .link:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
.state { margin: 0 0 20px; padding: 12px 14px; border-radius: 10px; font-weight: 600; }
.state.ok { background: #f0fdf4; color: var(--ok); }
.state.stop { background: #fef2f2; color: var(--stop); }
.state.idle { background: var(--bg); color: var(--muted); }
footer { padding: 14px 24px; border-top: 1px solid var(--line); color: var(--muted); font-size: 12px;
  text-align: center; }
`;

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Sandbox Pay</title>
<link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}">
</head>
<body>
<main>
<header><span class="logo"><span class="mark" aria-hidden="true">S</span>Sandbox Pay</span><span class="badge">Test mode</span></header>
${content}
<footer>Sandbox Pay is a test gateway. No real money moves.</footer>
</main>
</body>
</html>`;
}

function details(payment: SandboxPaymentRow): string {
  const rows: [string, string][] = [
    ['Merchant', payment.merchantName],
    ['Order', payment.orderNo],
    ['Pay before', utcMinute(payment.expiresAt)],
  ];
  if (payment.txnId) rows.push(['Transaction', payment.txnId]);
  return `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
}

const amountBlock = (payment: SandboxPaymentRow) =>
  `<p class="label">Amount to pay</p>
<p class="amount">${escapeHtml(formatMoney(payment.amount))}<small>${escapeHtml(payment.currency)}</small></p>`;

const backLink = (payment: SandboxPaymentRow) =>
  `<a class="link" href="${escapeHtml(payment.returnUrl)}">Return to ${escapeHtml(payment.merchantName)}</a>`;

/** The page of a payment as it stands: approve or decline, or its outcome and the way back. */
export function renderPaymentPage(payment: SandboxPaymentRow, nowMs: number): string {
  const action = (decision: string) => `${SANDBOX_PREFIX}/pay/${encodeURIComponent(payment.id)}/${decision}`;
  let body: string;
  if (payment.status === 'APPROVED') {
    body = `<p class="state ok" role="status">Payment approved.</p>${details(payment)}${backLink(payment)}`;
  } else if (payment.status === 'DECLINED') {
    body = `<p class="state stop" role="status">Payment declined.</p>${details(payment)}${backLink(payment)}`;
  } else if (payment.expiresAt.getTime() <= nowMs) {
    body = `<p class="state idle" role="status">This payment has expired.</p>${details(payment)}${backLink(payment)}`;
  } else {
    body = `${details(payment)}
<div class="actions">
<form method="post" action="${escapeHtml(action('decline'))}"><button class="decline" type="submit">Decline</button></form>
<form method="post" action="${escapeHtml(action('approve'))}"><button class="approve" type="submit">Approve</button></form>
</div>`;
  }
  return layout(`Pay ${payment.merchantName}`, `<section>${amountBlock(payment)}${body}</section>`);
}

export function renderMissingPage(): string {
  return layout(
    'Payment not found',
    '<section><p class="state idle" role="status">There is no such payment. Start again from the merchant’s site.</p></section>',
  );
}
