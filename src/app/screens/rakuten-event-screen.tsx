import { CampaignPage, RAKUTEN_CAMPAIGN_SLUG } from '../../features/programs/pages/campaign-page';

/** RakutenEvent: the campaign page of the `rakuten` campaign (features/programs/README.md). */
export default function RakutenEventScreen() {
  return <CampaignPage slug={RAKUTEN_CAMPAIGN_SLUG} />;
}
