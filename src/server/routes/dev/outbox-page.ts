import type { OutboxMessage } from '../../../shared/api/auth';

/**
 * The dev outbox as a small self-contained HTML page (no scripts, no external assets): every
 * value is HTML-escaped; links are shown only when they are http(s).
 */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function safeLink(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function renderOutboxPage(messages: OutboxMessage[], to: string | undefined): string {
  const rows = messages
    .map((message) => {
      const link = safeLink(message.link);
      const code = message.code
        ? `<a class="code" href="#m${message.id}" title="code">${escapeHtml(message.code)}</a>`
        : '';
      const linkHtml = link
        ? `<a class="link" href="${escapeHtml(link)}">${escapeHtml(link)}</a>`
        : '';
      return `<tr id="m${message.id}">
<td>${message.id}</td>
<td>${escapeHtml(message.createdAt)}</td>
<td>${escapeHtml(message.channel)}</td>
<td><a href="?to=${encodeURIComponent(message.to)}">${escapeHtml(message.to)}</a></td>
<td>${message.subject ? `<strong>${escapeHtml(message.subject)}</strong><br>` : ''}${escapeHtml(message.body)}</td>
<td>${code}</td>
<td>${linkHtml}</td>
</tr>`;
    })
    .join('\n');
  const title = to ? `Outbox: ${escapeHtml(to)}` : 'Outbox';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${title}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1b1f24}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid #d0d7de;padding:.4rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}
.code{font:600 1.1rem ui-monospace,monospace;letter-spacing:.1em}
.link{word-break:break-all}
form{margin-bottom:1rem}
</style>
</head>
<body>
<h1>${title}</h1>
<p>Development only: e-mail and SMS written by the local delivery adapter, newest first.</p>
<form method="get" action=""><label>To <input name="to" value="${escapeHtml(to ?? '')}" placeholder="e-mail or +mobile"></label> <button type="submit">Show</button> <a href="?">all</a></form>
<table>
<thead><tr><th>#</th><th>Time</th><th>Channel</th><th>To</th><th>Message</th><th>Code</th><th>Link</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="7">No messages.</td></tr>'}
</tbody>
</table>
</body>
</html>
`;
}
