import {
  FamilyTermsPage,
  ProductTermsPage,
  type RenderTerms,
} from '../../features/earn/pages/terms-page';
import { LegalPage } from '../../features/legal/pages/legal-page';

/**
 * The earn terms pages: the earn feature picks the product's terms text and builds its figures;
 * the legal feature renders the operator's Markdown (LEGAL_DIR) with them above the text.
 */
const renderTerms: RenderTerms = (document, figures) => (
  <LegalPage document={document} lead={figures} />
);

/** `/terms-earn/{mobile?}/{sn}` and `/premium-term-service/{mobile}/{sn}`. */
export function ProductTermsScreen() {
  return <ProductTermsPage renderTerms={renderTerms} />;
}

export function FixedUsdtTermsScreen() {
  return <FamilyTermsPage family="fixed-usdt" renderTerms={renderTerms} />;
}

export function FixedBtcTermsScreen() {
  return <FamilyTermsPage family="fixed-btc" renderTerms={renderTerms} />;
}

export function MixedFusionTermsScreen() {
  return <FamilyTermsPage family="mixed-fusion" renderTerms={renderTerms} />;
}

export function MixedSapphireTermsScreen() {
  return <FamilyTermsPage family="mixed-sapphire" renderTerms={renderTerms} />;
}
