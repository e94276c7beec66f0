/** A very small Markdown renderer for rule text: paragraphs, bullets, tables, code, **bold**, `code`. */
import type { ComponentChildren } from 'preact';

function inline(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  const re = /\*\*(.+?)\*\*|`([^`]+)`/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(m[1] !== undefined ? <strong>{m[1]}</strong> : <code>{m[2]}</code>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ text }: { text: string }) {
  const blocks: ComponentChildren[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('```')) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) code.push(lines[i]!);
      blocks.push(<pre class="md-code">{code.join('\n')}</pre>);
    } else if (/^\s*[-*] /.test(line)) {
      const depth = Math.floor((line.length - line.trimStart().length) / 2);
      blocks.push(
        <div class="md-li" style={{ paddingLeft: `${14 + depth * 16}px` }}>
          • {inline(line.trim().slice(2))}
        </div>,
      );
    } else if (/^#{1,6} /.test(line)) {
      blocks.push(<h4>{inline(line.replace(/^#+ /, ''))}</h4>);
    } else if (line.startsWith('|')) {
      const rows: string[][] = [];
      for (; i < lines.length && lines[i]!.startsWith('|'); i++)
        if (!/^\|[\s:|-]+\|\s*$/.test(lines[i]!)) rows.push(lines[i]!.replace(/^\||\|\s*$/g, '').split('|'));
      i--;
      blocks.push(
        <table class="md-table">
          <tbody>
            {rows.map((r, k) => (
              <tr key={k}>
                {r.map((c, j) => (k === 0 ? <th key={j}>{inline(c.trim())}</th> : <td key={j}>{inline(c.trim())}</td>))}
              </tr>
            ))}
          </tbody>
        </table>,
      );
    } else if (line.trim()) {
      blocks.push(<p>{inline(line)}</p>);
    }
  }
  return <div class="md">{blocks}</div>;
}
