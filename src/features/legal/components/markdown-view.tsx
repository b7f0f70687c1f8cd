import { Fragment } from 'react';
import { Link } from 'react-router';
import type { Block, Inline } from '../../../lib/markdown';
import styles from './markdown-view.module.css';

function Inlines({ content }: { content: Inline[] }) {
  return (
    <>
      {content.map((part, index) => {
        if (part.kind === 'strong') return <strong key={index}>{part.text}</strong>;
        if (part.kind === 'link') {
          return part.href.startsWith('/') ? (
            <Link key={index} to={part.href} className={styles.link}>
              {part.text}
            </Link>
          ) : (
            <a
              key={index}
              href={part.href}
              className={styles.link}
              {...(part.href.startsWith('mailto:')
                ? {}
                : { target: '_blank', rel: 'noopener noreferrer' })}
            >
              {part.text}
            </a>
          );
        }
        return <Fragment key={index}>{part.text}</Fragment>;
      })}
    </>
  );
}

/**
 * Renders parsed Markdown (src/lib/markdown.ts) as React elements. Headings are shifted down
 * one level (the page's h1 is the document title) and carry their id for the table of contents.
 */
export function MarkdownView({ blocks }: { blocks: Block[] }) {
  return (
    <div className={styles.prose}>
      {blocks.map((block, index) => {
        if (block.kind === 'heading') {
          const Tag = block.level === 3 ? 'h3' : 'h2';
          return (
            <Tag key={index} id={block.id} className={styles[Tag]}>
              <Inlines content={block.content} />
            </Tag>
          );
        }
        if (block.kind === 'list') {
          const Tag = block.ordered ? 'ol' : 'ul';
          return (
            <Tag key={index} className={styles.list}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <Inlines content={item} />
                </li>
              ))}
            </Tag>
          );
        }
        return (
          <p key={index} className={styles.paragraph}>
            <Inlines content={block.content} />
          </p>
        );
      })}
    </div>
  );
}
