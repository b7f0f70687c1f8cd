import {
  SearchResultPage,
  type SearchResultPageProps,
} from '../../features/search/pages/search-result-page';
import { paths } from '../../lib/paths';

/** Where a search result opens: the earn product's page or the strategy's. */
const itemHref: SearchResultPageProps['itemHref'] = (target) =>
  target.kind === 'earn'
    ? paths.PremiumDetail.getHref({ type: target.type, sn: target.sn })
    : paths.StrategyDetail.getHref({ id: String(target.id) });

/** The SearchResult route's screen. */
export default function SearchResultScreen() {
  return <SearchResultPage itemHref={itemHref} />;
}
