import { REVIEW_STATUS_LABEL, type ReviewStatus } from '@pulsa/shared/schemas/reviews';
import { Badge } from '@/components/ui/badge';

const TONE = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return <Badge tone={TONE[status]}>{REVIEW_STATUS_LABEL[status]}</Badge>;
}
