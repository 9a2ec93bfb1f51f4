import { SECTIONS } from '@/config/sections';
import { AdminReviewsPage } from '@/features/reviews';

export function Component() {
  return <AdminReviewsPage section={SECTIONS.admin.reviews} />;
}
