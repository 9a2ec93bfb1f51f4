import { landingAnchors } from '@/config/paths';
import { CatalogHighlights } from '@/features/catalog/components/catalog-highlights';
import { FeaturedSpecialties } from '@/features/catalog/components/featured-specialties';
import { PriceRange } from '@/features/catalog/components/price-range';
import { CATALOG_TEXT } from '@/features/catalog/texts';
import { ForDoctorsSection } from '@/features/marketing/components/for-doctors-section';
import { HeroSection } from '@/features/marketing/components/hero-section';
import { HowItWorksSection } from '@/features/marketing/components/how-it-works-section';
import { LandingSection } from '@/features/marketing/components/landing-section';
import { OnDemandBanner } from '@/features/marketing/components/on-demand-banner';
import { PricingSection } from '@/features/marketing/components/pricing-section';
import { PublicPage } from '@/features/marketing/components/public-page';

const F = CATALOG_TEXT.featured;

/** The landing page (/): marketing sections with live numbers from the catalogue. */
export function Component() {
  return (
    <PublicPage>
      <HeroSection highlights={<CatalogHighlights />} />
      <OnDemandBanner />
      <HowItWorksSection />
      <LandingSection
        id={landingAnchors.specialties}
        eyebrow={F.eyebrow}
        title={F.title}
        description={F.description}
      >
        <FeaturedSpecialties />
      </LandingSection>
      <ForDoctorsSection />
      <PricingSection priceRange={<PriceRange />} />
    </PublicPage>
  );
}
