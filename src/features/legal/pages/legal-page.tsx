import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/date-format';
import { parseMarkdown } from '../../../lib/markdown';
import type { LegalDocumentName } from '../../../services/content';
import { useLegalDocument } from '../api/use-legal-document';
import { MarkdownView } from '../components/markdown-view';
import styles from './legal-page.module.css';

/**
 * `/user-agreement` and `/privacy-policy` (and their `mobile` web-view variants, where the
 * shell hides the nav bar and footer), and the earn products' terms: the operator's text from
 * the content service in the current language, with its date and a table of contents. `lead`
 * (an earn product's figures) shows between the title and the text.
 */
export function LegalPage({ document, lead }: { document: LegalDocumentName; lead?: ReactNode }) {
  const { t } = useTranslation('common');
  const query = useLegalDocument(document);
  const blocks = useMemo(() => (query.data ? parseMarkdown(query.data.body) : []), [query.data]);
  const sections = blocks.flatMap((block) =>
    block.kind === 'heading' && block.level === 2
      ? [{ id: block.id, text: block.content.map((part) => part.text).join('') }]
      : [],
  );

  if (!query.data) {
    return (
      <div
        className={styles.page}
        data-testid="legal-page"
        data-state={query.isPending ? 'loading' : 'error'}
      >
        {lead ? <div className={styles.lead}>{lead}</div> : null}
        <SectionCard>
          {query.isPending ? (
            <Skeleton lines={8} testId="legal-loading" />
          ) : (
            <LoadError
              message={t('error.description')}
              onRetry={() => query.refetch()}
              testId="legal-error"
            />
          )}
        </SectionCard>
      </div>
    );
  }

  const { title, updated } = query.data;
  return (
    <article className={styles.page} data-testid="legal-page" data-document={document}>
      <PageHeader
        title={title}
        description={updated ? t('legal.updated', { date: formatDate(updated) }) : undefined}
      />
      {lead ? <div className={styles.lead}>{lead}</div> : null}
      <SectionCard>
        <div className={styles.layout}>
          {sections.length > 1 ? (
            <nav className={styles.contents} aria-label={t('legal.contents')}>
              <p className={styles.contentsTitle}>{t('legal.contents')}</p>
              <ol className={styles.contentsList}>
                {sections.map((section) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`} className={styles.contentsLink}>
                      {section.text}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          <MarkdownView
            blocks={blocks.filter((block) => !(block.kind === 'heading' && block.level === 1))}
          />
        </div>
      </SectionCard>
    </article>
  );
}
