import { useMemo } from 'react';
import { useParams } from 'react-router';
import { AboutPage } from '../../features/content/pages/about-page';
import { PostPage } from '../../features/content/pages/post-page';
import { PostsPage } from '../../features/content/pages/posts-page';
import { MarkdownView } from '../../features/legal/components/markdown-view';
import { parseMarkdown } from '../../lib/markdown';
import { paths } from '../../lib/paths';

/**
 * The content service's pages (About Us, Press, Events and their posts). The app gives them the
 * legal pages' Markdown view for the bodies and the links of the route table.
 */
function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return <MarkdownView blocks={blocks} />;
}

const renderBody = (markdown: string) => <Markdown text={markdown} />;

export function AboutUsScreen() {
  return (
    <AboutPage
      pressHref={paths.Press.getHref()}
      eventsHref={paths.Events.getHref()}
      renderBody={renderBody}
    />
  );
}

export function PressScreen() {
  return (
    <PostsPage category="press" postHref={(id) => paths.PressPost.getHref({ id: String(id) })} />
  );
}

export function EventsScreen() {
  return (
    <PostsPage category="events" postHref={(id) => paths.EventPost.getHref({ id: String(id) })} />
  );
}

export function PressPostScreen() {
  const { id } = useParams();
  return (
    <PostPage
      key={id}
      id={Number(id)}
      category="press"
      listHref={paths.Press.getHref()}
      renderBody={renderBody}
    />
  );
}

export function EventPostScreen() {
  const { id } = useParams();
  return (
    <PostPage
      key={id}
      id={Number(id)}
      category="events"
      listHref={paths.Events.getHref()}
      renderBody={renderBody}
    />
  );
}
