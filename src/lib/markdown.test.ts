import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('the Markdown subset of the operator texts', () => {
  it('reads headings, paragraphs and both kinds of lists', () => {
    const blocks = parseMarkdown(
      '## 1. Who\n\nFirst line\ncontinues here.\n\n- one\n- two\n  wrapped\n\n1. first\n2. second\n\n## 1. Who',
    );
    expect(blocks.map((block) => block.kind)).toEqual([
      'heading',
      'paragraph',
      'list',
      'list',
      'heading',
    ]);
    expect(blocks[0]).toMatchObject({ level: 2, id: '1-who' });
    expect(blocks[4]).toMatchObject({ id: '1-who-2' });
    expect(blocks[1]).toEqual({
      kind: 'paragraph',
      content: [{ kind: 'text', text: 'First line continues here.' }],
    });
    expect(blocks[2]).toMatchObject({ ordered: false });
    expect((blocks[2] as { items: unknown[][] }).items[1]).toEqual([
      { kind: 'text', text: 'two wrapped' },
    ]);
    expect(blocks[3]).toMatchObject({ ordered: true });
  });

  it('keeps bold and safe links, and turns anything else into text (no HTML, no scripts)', () => {
    expect(parseInline('Read the **policy** and [this](/privacy-policy).')).toEqual([
      { kind: 'text', text: 'Read the ' },
      { kind: 'strong', text: 'policy' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'this', href: '/privacy-policy' },
      { kind: 'text', text: '.' },
    ]);
    expect(parseInline('[x](javascript:alert(1))')[0]).toEqual({ kind: 'text', text: 'x' });
    expect(parseInline('[x](//evil.example)')[0]).toEqual({ kind: 'text', text: 'x' });
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
    expect(parseInline('[mail](mailto:support@example.com)')[0]).toMatchObject({ kind: 'link' });
  });

  it('names CJK headings by their own characters', () => {
    expect(parseMarkdown('## 1. 使用資格')[0]).toMatchObject({ id: '1-使用資格' });
  });
});
